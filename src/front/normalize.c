// SPDX-License-Identifier: GPL-2.0
/*
 * Kernel-dialect normalisation (see normalize.h).  A small lexer walks the
 * bytes once, skipping comments, literals and preprocessor lines, keeping
 * the brace depth and a stack of open parentheses with the identifier that
 * called each; then a token list of the result drives the second-stage
 * rewrites (refine()).  Every rewrite replaces bytes in place and never
 * changes a newline, so positions stay exact.  Each pass is linear in the
 * file (nested groups are stepped over by their matching bracket), so
 * hostile input costs no more than ordinary code.
 */
#include "normalize.h"
#include "lexer.h"
#include "ppenv.h"

#include <ctype.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

/* Annotation macros blanked where they stand. */
static const char *const bare_annotations[] = {
	"__user", "__kernel", "__iomem", "__force", "__rcu", "__percpu", "__safe",
	"__nocast", "__bitwise", "__bitwise__", "__private", "__ref", "__refdata",
	"__init", "__exit", "__initdata", "__exitdata", "__initconst", "__exitcall",
	"__devinit", "__devexit", "__devinitdata", "__devinitconst", "__devexitdata",
	"__cpuinit", "__cpuexit", "__cpuinitdata", "__meminit", "__meminitdata",
	"__meminitconst", "__init_memblock", "__initdata_memblock", "__net_init",
	"__net_exit", "__net_initdata", "__init_or_module", "__read_mostly",
	"__ro_after_init", "__must_check", "asmlinkage", "notrace", "noinstr",
	"__always_inline", "__inline", "__inline__", "noinline", "__noinline",
	"__cold", "__hot", "__pure", "__weak", "__maybe_unused", "__always_unused",
	"__used", "__visible", "__noreturn", "__packed", "__attribute_const__",
	"__malloc", "__sched", "__kprobes", "__irq_entry", "__softirq_entry",
	"__exception_irq_entry", "__latent_entropy", "__randomize_layout",
	"__no_randomize_layout", "__designated_init", "__nocfi", "__noclone",
	"__naked", "__deprecated", "__flatten", "__nonstring", "__lockfunc",
	"__no_sanitize_address", "__no_kcsan", "__no_profile", "__noscs",
	"__bpf_kfunc", "__nosavedata", "__page_aligned_data", "__page_aligned_bss",
	"__cacheline_aligned", "__cacheline_aligned_in_smp", "____cacheline_aligned",
	"____cacheline_aligned_in_smp", "__cacheline_internodealigned_in_smp",
	"____cacheline_internodealigned_in_smp", "__percpu_read_mostly",
	"__data_racy", "__ksym", "__weak_ref", "fastcall", "__fastcall",
	"__user_ptr", "__tracepoint_string", "__initdata_or_meminfo",
	"__always_unused", "__mustcheck", "__nocapture", "__capability",
	"__ro_after_init_data", "__head", "__ro_hyp", "__read_only",
	"__iomem_ptr", "__rcu_ptr", "__percpu_ptr", "__noinline_for_stack",
	"noinline_for_stack", "__always_inline_for_stack", "__kernel_fs_ptr",
	/* seen in linux-6.1 where the grammar stumbled on them */
	"__no_kmsan_checks", "__cpuidle", "__xipram", "__efiapi", "__noendbr", "__const",
	"nokprobe_inline", "debug_noinline", "__tcmfunc", "__tcmlocalfunc", "__tcmdata",
	"__tcmconst", "__no_sanitize_coverage", "__no_sanitize_undefined",
	"__no_sanitize_thread", "__exit_call", "__notrace_funcgraph", "__noretpoline",
	"__refconst", "__init_or_acpilib", "__initdata_or_acpilib", "__init_task_data",
	"__bss_decrypted", "__gnu_inline", "__no_stack_protector", "__initconst_or_module",
	"__net_initconst",
};

/* Annotation macros that take an argument list, blanked with it. */
static const char *const call_annotations[] = {
	"__acquires", "__releases", "__must_hold", "__acquire_ret", "__cond_acquires",
	"__cond_releases", "__printf", "__scanf", "__aligned", "__section",
	"__alloc_size", "__realloc_size", "__assume_aligned", "__counted_by",
	"__counted_by_le", "__counted_by_be", "__free", "__cleanup", "__guarded_by",
	"__pt_guarded_by", "__diag_ignore_all", "__nonnull", "__alias",
	"__attribute_used__", "__compiletime_error", "__compiletime_warning",
	"__no_sanitize_or_inline", "__fix_address", "__sized_by", "__ends_with",
};

/* Callees whose parenthesised argument the grammar reads as a type. */
static const char *const type_ok_callees[] = {
	"sizeof", "typeof", "__typeof__", "__typeof", "_Alignof", "alignof",
	"__alignof__", "__alignof", "offsetof",
	"if", "while", "for", "switch", "return", "_Generic", "__attribute__",
	"__attribute", "_Static_assert", "static_assert", "__auto_type",
};

static const char *const type_words[] = {
	"struct", "union", "enum", "unsigned", "signed", "int", "long", "short",
	"char", "void", "float", "double", "_Bool", "const", "volatile",
};

static const char *const c_keywords[] = {
	"auto", "break", "case", "char", "const", "continue", "default", "do", "double",
	"else", "enum", "extern", "float", "for", "goto", "if", "inline", "int", "long",
	"register", "restrict", "return", "short", "signed", "sizeof", "static", "struct",
	"switch", "typedef", "union", "unsigned", "void", "volatile", "while", "_Bool",
	"_Complex", "_Atomic", "_Noreturn", "_Alignas", "_Alignof", "_Static_assert",
	"_Generic", "_Thread_local", "__inline", "__inline__", "__restrict__", "__extension__",
	"__attribute__", "__attribute", "asm", "__asm__", "__asm", "typeof", "__typeof__",
	"__typeof", "offsetof", "__volatile__", "__thread", "thread_local", "noreturn",
	"__alignof__", "__alignof", "alignof", "bool", "size_t", "ssize_t", "ptrdiff_t",
	"intptr_t", "uintptr_t", "int8_t", "int16_t", "int32_t", "int64_t", "uint8_t",
	"uint16_t", "uint32_t", "uint64_t", "__forceinline", "constexpr", "_Nonnull",
	"__declspec", "__cdecl", "__stdcall", "__fastcall", "__restrict", "static_assert",
};

/* Words that name or complete a type by themselves (primitive, sized, tagged). */
static const char *const c_type_words[] = {
	"char", "int", "long", "short", "signed", "unsigned", "void", "float", "double",
	"_Bool", "bool", "size_t", "ssize_t", "ptrdiff_t", "intptr_t", "uintptr_t",
	"int8_t", "int16_t", "int32_t", "int64_t", "uint8_t", "uint16_t", "uint32_t",
	"uint64_t", "struct", "union", "enum", "_Complex",
};

/* Which of the lists above a word is in: one hashed lookup for all. */
enum {
	W_BARE = 1, W_CALL = 2, W_TYPE_OK = 4, W_TYPE_WORD = 8, W_KEYWORD = 16, W_C_TYPE = 32,
};

static const struct {
	const char *const *list;
	size_t n;
	unsigned bit;
} word_lists[] = {
	{ bare_annotations, ARRAY_SIZE(bare_annotations), W_BARE },
	{ call_annotations, ARRAY_SIZE(call_annotations), W_CALL },
	{ type_ok_callees, ARRAY_SIZE(type_ok_callees), W_TYPE_OK },
	{ type_words, ARRAY_SIZE(type_words), W_TYPE_WORD },
	{ c_keywords, ARRAY_SIZE(c_keywords), W_KEYWORD },
	{ c_type_words, ARRAY_SIZE(c_type_words), W_C_TYPE },
};

#define WORD_SLOTS 1024u	/* a power of two, over twice the words */

static struct {
	const char *word[WORD_SLOTS];
	uint8_t len[WORD_SLOTS];
	uint8_t bits[WORD_SLOTS];
} word_table;
static pthread_once_t word_once = PTHREAD_ONCE_INIT;

static uint32_t word_hash(const char *s, size_t n)
{
	uint32_t h = 2166136261u;
	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 16777619u;
	return h;
}

static void word_table_init(void)
{
	for (size_t l = 0; l < ARRAY_SIZE(word_lists); l++) {
		for (size_t i = 0; i < word_lists[l].n; i++) {
			const char *w = word_lists[l].list[i];
			size_t n = strlen(w);
			uint32_t h = word_hash(w, n) & (WORD_SLOTS - 1);
			while (word_table.word[h] &&
			       !(word_table.len[h] == n && !memcmp(word_table.word[h], w, n)))
				h = (h + 1) & (WORD_SLOTS - 1);
			word_table.word[h] = w;
			word_table.len[h] = (uint8_t)n;
			word_table.bits[h] |= (uint8_t)word_lists[l].bit;
		}
	}
}

/* The W_* bits of the word s[0..n), 0 for a word in no list. */
static unsigned word_class(const char *s, size_t n)
{
	if (n == 0 || n > 64)
		return 0;
	pthread_once(&word_once, word_table_init);
	uint32_t h = word_hash(s, n) & (WORD_SLOTS - 1);
	while (word_table.word[h]) {
		if (word_table.len[h] == n && !memcmp(word_table.word[h], s, n))
			return word_table.bits[h];
		h = (h + 1) & (WORD_SLOTS - 1);
	}
	return 0;
}

static bool in_list(const char *const *list, size_t n, const char *s, size_t len)
{
	for (size_t i = 0; i < n; i++)
		if (strlen(list[i]) == len && memcmp(list[i], s, len) == 0)
			return true;
	return false;
}

bool is_annotation(const char *name, size_t n)
{
	return (word_class(name, n) & (W_BARE | W_CALL)) != 0;
}

static bool is_ident_start(int c)
{
	return isalpha(c) || c == '_';
}

static bool is_ident(int c)
{
	return isalnum(c) || c == '_';
}

/* Blank bytes [a, b) except newlines. */
static void blank(char *t, size_t a, size_t b)
{
	for (size_t i = a; i < b; i++)
		if (t[i] != '\n' && t[i] != '\r')
			t[i] = ' ';
}

/* Skip spaces, newlines and comments from i; return the next offset. */
static size_t skip_space(const char *t, size_t n, size_t i)
{
	return lex_skip_space(t, n, i);
}

/* Offset just past the parenthesis matching the '(' at i, or n. */
static size_t match_paren(const char *t, size_t n, size_t i)
{
	int depth = 0;
	for (; i < n; i++) {
		char c = t[i];
		if (c == '"' || c == '\'') {
			/* a raw newline stays inside: the bracket decides */
			i = lex_quoted(t, n, i, LEX_MULTILINE) - 1;
		} else if (c == '(') {
			depth++;
		} else if (c == ')') {
			if (--depth == 0)
				return i + 1;
		} else if (c == '{' || c == '}' || c == ';') {
			return n;	/* not a macro argument list */
		}
	}
	return n;
}

/*
 * An unknown `__word` (not in the lists above) that stands right before a
 * tag keyword or a basic type keyword on the same line: `static const
 * __net_initconst struct t x[] = {`, `static __async_inline struct d *f(`.
 * A type name there would make a second type, which no declaration has,
 * and those keywords cannot be names, so the word is an annotation macro.
 * Left in, the grammar reads it as the type and loses the declaration.
 * `const` and `volatile` do not count: `__u32 const x;` is a type.
 */
static bool annotation_before_type(const char *t, size_t n, const char *w, size_t len,
				   size_t e)
{
	static const char *const follow[] = {
		"struct", "union", "enum", "char", "int", "long", "short", "signed",
		"unsigned", "void", "float", "double", "_Bool",
	};
	if (len < 3 || w[0] != '_' || w[1] != '_' || word_class(w, len))
		return false;
	size_t a = e;
	while (a < n && (t[a] == ' ' || t[a] == '\t'))
		a++;
	if (a == e)
		return false;
	size_t b = a;
	while (b < n && is_ident((unsigned char)t[b]))
		b++;
	return b > a && in_list(follow, ARRAY_SIZE(follow), t + a, b - a);
}

static bool is_iterator(const char *s, size_t n)
{
	static const char *const walks[] = {
		"skb_queue_walk", "skb_queue_walk_safe", "skb_queue_walk_from",
		"skb_queue_walk_from_safe", "skb_queue_reverse_walk",
		"skb_queue_reverse_walk_safe", "skb_rbtree_walk", "skb_rbtree_walk_from",
		"skb_list_walk_safe", "skb_walk_frags", "nla_for_each_attr",
		"nla_for_each_nested", "rbtree_postorder_for_each_entry_safe",
		"llist_for_each_entry", "llist_for_each_entry_safe",
	};
	if (in_list(walks, ARRAY_SIZE(walks), s, n))
		return true;
	/*
	 * for_each_*, *_foreach, FOR_EACH_*, for_all_*, with_*(...), scoped_guard;
	 * while_each_* ends a `do_each_*(...) { ... }` loop (while_each_thread)
	 */
	static const char *const parts[] = {
		"for_each", "foreach", "FOR_EACH", "FOREACH", "for_all_", "while_each",
	};
	for (size_t k = 0; k < ARRAY_SIZE(parts); k++) {
		size_t m = strlen(parts[k]);
		for (size_t i = 0; i + m <= n; i++)
			if (memcmp(s + i, parts[k], m) == 0)
				return true;
	}
	return (n > 5 && !memcmp(s, "with_", 5)) || (n >= 12 && !memcmp(s, "scoped_guard", 12)) ||
	       (n >= 17 && !memcmp(s, "scoped_cond_guard", 17));
}

/*
 * `#define` lines the grammar cannot read, in [a, e): a comment with more
 * of the definition after it (`{ 0, BASE_BAUD }, /+ ttyS0 +/ \` then a
 * continuation line) ends the grammar's definition there, so it is
 * blanked; a GNU named variadic parameter `args...` becomes `args   `.
 */
static void fix_define(char *t, size_t a, size_t e)
{
	size_t i = a + 1;
	while (i < e && (t[i] == ' ' || t[i] == '\t'))
		i++;
	if (e - i < 7 || memcmp(t + i, "define", 6) != 0 || is_ident((unsigned char)t[i + 6]))
		return;
	i += 6;
	while (i < e && (t[i] == ' ' || t[i] == '\t'))
		i++;
	while (i < e && is_ident((unsigned char)t[i]))
		i++;
	if (i < e && t[i] == '(') {
		for (; i < e && t[i] != ')' && t[i] != '\n'; i++)
			if (i + 3 <= e && !memcmp(t + i, "...", 3) && is_ident((unsigned char)t[i - 1]))
				blank(t, i, i + 3);
	}
	for (; i + 1 < e; i++) {
		if (t[i] == '"' || t[i] == '\'') {
			i = lex_quoted(t, e, i, 0) - 1;
		} else if (lex_comment_at(t, e, i) == '*') {
			size_t c = lex_comment_close(t, e, i + 2);
			if (c >= e)
				return;
			size_t ce = c + 2, x = ce;
			while (x < e && (t[x] == ' ' || t[x] == '\t'))
				x++;
			if (!memchr(t + i, '\n', ce - i) && x < e && t[x] != '\n')
				blank(t, i, ce);
			i = ce - 1;
		}
	}
}

/*
 * `} while_each_thread(g, t);`: the iterator at s (n bytes) closes a
 * `do { ... }` loop (do_each_thread opens it), so it is the loop's `while`
 * although no body follows.
 */
static bool do_tail(const char *t, size_t s, size_t n)
{
	static const char part[] = "while_each";
	size_t m = sizeof(part) - 1;
	bool named = false;
	for (size_t i = 0; i + m <= n && !named; i++)
		named = memcmp(t + s + i, part, m) == 0;
	while (s > 0 && (t[s - 1] == ' ' || t[s - 1] == '\t' || t[s - 1] == '\n'))
		s--;
	return named && s > 0 && t[s - 1] == '}';
}

/*
 * SYSCALL_DEFINEn(name, t1, a1, ...) { at top level: rewrite in place to
 * `long sys_name(t1  a1, ...)` (the prefix is "sys_", "compat_sys_", or ""
 * for BPF_CALL_n).  `at` is the macro name's offset, `mlen` its length.
 * Returns true when rewritten.
 */
static bool rewrite_syscall(char *t, size_t n, size_t at, size_t mlen, const char *prefix)
{
	size_t open = skip_space(t, n, at + mlen);
	if (open >= n || t[open] != '(')
		return false;
	size_t close = match_paren(t, n, open);
	if (close >= n)
		return false;
	size_t after = skip_space(t, n, close);
	if (after >= n || t[after] != '{')
		return false;
	/* split the arguments at top-level commas */
	size_t commas[16];
	size_t nc = 0;
	int depth = 0;
	for (size_t i = open + 1; i < close - 1; i++) {
		if (t[i] == '(')
			depth++;
		else if (t[i] == ')')
			depth--;
		else if (t[i] == ',' && depth == 0) {
			if (nc == ARRAY_SIZE(commas))
				return false;
			commas[nc++] = i;
		}
	}
	size_t name_a = skip_space(t, n, open + 1);
	size_t name_b = name_a;
	while (name_b < close && is_ident(t[name_b]))
		name_b++;
	if (name_b == name_a)
		return false;
	/* args after the name come in (type, name) pairs */
	if (nc % 2 != 0)
		return false;
	size_t span_end = nc ? commas[0] + 1 : close - 1;	/* replaced bytes */
	char head[160];
	int len = snprintf(head, sizeof(head), "long %s%.*s(%s", prefix,
			   (int)(name_b - name_a), t + name_a, nc ? "" : "void");
	if (len < 0 || (size_t)len > span_end - at)
		return false;
	for (size_t i = at; i < span_end; i++)
		if (t[i] == '\n')
			return false;
	memcpy(t + at, head, (size_t)len);
	blank(t, at + (size_t)len, span_end);
	for (size_t k = 1; k < nc; k += 2)
		t[commas[k]] = ' ';
	return true;
}

/*
 * Depth across conditional groups.  Each arm of `#if ... #elif ... #else ...
 * #endif` starts from the depth the group started at, and after `#endif` the
 * depth is the one the first live arm ended at (an `#if 0` arm is dead), so
 * arms that each open a brace (`#ifdef A / if (x) { / #else / if (y) { /
 * #endif`) count once.
 */
struct ppframe {
	int32_t brace[2], paren[2];
	size_t snap[2], len[2];	/* bracket-stack copies in ppdepth.pool */
	size_t kept[2];		/* entries copied: the top min(len, PP_SNAP) */
	bool have1;		/* [1] holds the end of the first live arm */
	bool dead;		/* the current arm is `#if 0` */
};

struct ppdepth {
	VEC(struct ppframe) frames;
	VEC(uint32_t) pool;
};

static bool pp_if0(const char *t, size_t a, size_t e)
{
	size_t i = a + 1;
	while (i < e && (t[i] == ' ' || t[i] == '\t'))
		i++;
	if (e - i < 2 || memcmp(t + i, "if", 2) != 0)
		return false;
	i += 2;
	if (i < e && is_ident((unsigned char)t[i]))
		return false;
	while (i < e && (t[i] == ' ' || t[i] == '\t'))
		i++;
	if (i >= e || t[i] != '0')
		return false;
	i++;
	return i >= e || !(is_ident((unsigned char)t[i]));
}

/* Saved entries from the top of the bracket stack: an arm that closes more
 * brackets than this (opened before its group) is not restored exactly. */
#define PP_SNAP 64

static void pp_save(struct ppdepth *d, struct ppframe *f, int w, int32_t brace, int32_t paren,
		    const uint32_t *stack, size_t n)
{
	size_t keep = n < PP_SNAP ? n : PP_SNAP;
	f->brace[w] = brace;
	f->paren[w] = paren;
	f->snap[w] = d->pool.n;
	f->len[w] = n;
	f->kept[w] = keep;
	VEC_GROW(d->pool, d->pool.n + keep);
	if (keep)
		memcpy(d->pool.v + d->pool.n, stack + n - keep, keep * sizeof(*stack));
	d->pool.n += keep;
}

/* Apply the directive kind k ('i', 'e', 'l', 'n') at [a, e) to the depths;
 * `stack`/`sn` is an optional bracket stack restored with them. */
static void pp_track(struct ppdepth *d, char k, const char *t, size_t a, size_t e,
		     int32_t *brace, int32_t *paren, uint32_t *stack, size_t *sn)
{
	size_t n0 = sn ? *sn : 0;
	if (k == 'i') {
		struct ppframe f = {0};
		f.dead = pp_if0(t, a, e);
		pp_save(d, &f, 0, *brace, *paren, stack, n0);
		VEC_PUSH(d->frames, f);
		return;
	}
	if (!d->frames.n || (k != 'e' && k != 'l' && k != 'n'))
		return;
	struct ppframe *f = &d->frames.v[d->frames.n - 1];
	int w = -1;
	if (k == 'e' || k == 'l') {
		if (!f->have1 && !f->dead) {
			/* keep the first live arm's end, after the start copy */
			d->pool.n = f->snap[0] + f->kept[0];
			pp_save(d, f, 1, *brace, *paren, stack, n0);
			f->have1 = true;
		}
		f->dead = false;
		w = 0;
	} else {
		w = f->have1 ? 1 : f->dead ? 0 : -1;
	}
	if (w >= 0) {
		*brace = f->brace[w];
		*paren = f->paren[w];
		if (sn) {
			/* below the saved top the stack is as it was, or deeper */
			if (f->kept[w] && *sn + f->kept[w] >= f->len[w])
				memcpy(stack + f->len[w] - f->kept[w], d->pool.v + f->snap[w],
				       f->kept[w] * sizeof(*stack));
			if (*sn + f->kept[w] >= f->len[w])
				*sn = f->len[w];
		}
	}
	if (k == 'n') {
		d->pool.n = f->snap[0];
		d->frames.n--;
	}
}

static void pp_release(struct ppdepth *d)
{
	VEC_FREE(d->frames);
	VEC_FREE(d->pool);
}

struct paren {
	size_t open;		/* offset of '(' */
	size_t callee;		/* offset of the identifier before it, or SIZE_MAX */
	size_t callee_len;
	size_t arg_start;	/* start of the current argument */
	bool in_body;		/* opened inside a brace */
	bool from_brace;	/* a brace argument rewritten to '(' (its '}' becomes ')') */
};

static bool looks_like_type(const char *t, size_t a, size_t b)
{
	while (a < b && isspace((unsigned char)t[a]))
		a++;
	while (b > a && isspace((unsigned char)t[b - 1]))
		b--;
	if (a == b)
		return false;
	if (t[b - 1] == '*') {
		/* `u8 *` ends where no expression can: a pointer type */
		size_t k = a;
		while (k < b && (is_ident(t[k]) || isspace((unsigned char)t[k]) || t[k] == '*'))
			k++;
		return k == b;
	}
	size_t e = a;
	while (e < b && is_ident(t[e]))
		e++;
	if (!(word_class(t + a, e - a) & W_TYPE_WORD))
		return false;
	/* the rest must be words, stars and spaces: `struct foo`, `unsigned long` */
	for (size_t k = e; k < b; k++)
		if (!(is_ident(t[k]) || isspace((unsigned char)t[k]) || t[k] == '*'))
			return false;
	return true;
}

/* A type passed as one argument of a macro call: make it the identifier `_`. */
static void end_argument(char *t, const struct paren *p, size_t end)
{
	if (!p->in_body || p->callee == SIZE_MAX)
		return;
	if (word_class(t + p->callee, p->callee_len) & W_TYPE_OK)
		return;
	if (!looks_like_type(t, p->arg_start, end))
		return;
	size_t a = p->arg_start;
	while (a < end && isspace((unsigned char)t[a]))
		a++;
	t[a] = '_';
	blank(t, a + 1, end);
}

/* ------------------------------------------------------------------------
 * Second stage: a token list of the text the first stage left, and small
 * rewrites on it.  Each one fixes a kernel idiom that the C grammar cannot
 * read and that can be respelled in the same bytes without hiding control
 * flow, calls, returns or gotos.
 */

enum { K_ID = 'i', K_NUM = 'n', K_STR = 's', K_P = 'p', K_PP = '#' };

struct tok {
	uint32_t a, b;		/* byte range [a, b) */
	uint32_t mate;		/* index of the matching bracket, or UINT32_MAX */
	int32_t brace;		/* brace depth before the token */
	int32_t paren;		/* ( and [ depth before the token */
	char k;			/* K_* */
	char c;			/* punctuation char; '.' for "...", '>' for "->";
				 * for K_PP: 'i' #if*, 'e' #elif*, 'l' #else, 'n' #endif, 'o' other */
	char encl;		/* innermost open bracket: 'B' a block's '{', 'S' a struct,
				 * union or enum body, 'I' another '{' (an initialiser),
				 * '(' or '[', 0 at file scope */
	bool blk;		/* a '{' that opens a block of statements */
	bool body;		/* a '{' that opens a struct, union or enum body */
	uint8_t cls;		/* K_ID: its W_* bits */
	uint32_t owner;		/* index of the innermost open bracket, or UINT32_MAX */
};

typedef VEC(struct tok) tok_list;

static bool tok_is(const char *t, const struct tok *k, const char *w)
{
	size_t n = strlen(w);
	return k->k == K_ID && k->b - k->a == n && memcmp(t + k->a, w, n) == 0;
}

static bool is_kw(const char *t, const struct tok *k)
{
	(void)t;
	return k->k == K_ID && (k->cls & W_KEYWORD);
}

static bool is_p(const struct tok *k, char c)
{
	return k->k == K_P && k->c == c;
}

/* Does [a, b) hold a newline? */
static bool has_nl(const char *t, size_t a, size_t b)
{
	return memchr(t + a, '\n', b - a) != NULL;
}

static char pp_kind(const char *t, size_t a, size_t e)
{
	size_t i = a + 1;
	while (i < e && (t[i] == ' ' || t[i] == '\t'))
		i++;
	size_t w = i;
	while (i < e && is_ident((unsigned char)t[i]))
		i++;
	size_t len = i - w;
#define PPW(s) (len == strlen(s) && memcmp(t + w, s, len) == 0)
	if (PPW("if") || PPW("ifdef") || PPW("ifndef"))
		return 'i';
	if (PPW("elif") || PPW("elifdef") || PPW("elifndef"))
		return 'e';
	if (PPW("else"))
		return 'l';
	if (PPW("endif"))
		return 'n';
#undef PPW
	return 'o';
}

/* Does the '{' about to be pushed after out->v[0..n) open a block of statements? */
static bool opens_block(const char *t, const struct tok *v, size_t n, int32_t brace)
{
	size_t p = n;
	while (p > 0 && v[p - 1].k == K_PP)
		p--;
	if (p == 0)
		return false;
	const struct tok *k = &v[p - 1];
	if (k->k == K_P) {
		if (k->c == ';' || k->c == '}' || k->c == ':')
			return brace > 0;
		if (k->c == '{')
			return k->blk;
		if (k->c == ')') {
			if (brace == 0)
				return true;	/* a function body */
			if (k->mate == UINT32_MAX || k->mate == 0)
				return false;
			const struct tok *f = &v[k->mate - 1];
			/* if/while/for/switch, or a loop macro; not `return (struct s){` */
			return f->k == K_ID && (tok_is(t, f, "if") || tok_is(t, f, "while") ||
						tok_is(t, f, "for") || tok_is(t, f, "switch") ||
						!is_kw(t, f));
		}
		return false;
	}
	if (k->k == K_ID)
		return brace > 0 && (tok_is(t, k, "else") || tok_is(t, k, "do"));
	return false;
}

static char encl_of(const struct tok *open)
{
	if (open->c == '{')
		return open->blk ? 'B' : open->body ? 'S' : 'I';
	return open->c;
}

static void tokenize(const char *t, size_t n, tok_list *out)
{
	VEC(uint32_t) stack = {0};
	struct ppdepth pd = {0};
	int32_t brace = 0, paren = 0;
	bool line_start = true;
	size_t i = 0;
	while (i < n) {
		char c = t[i];
		if (c == '\n') {
			line_start = true;
			i++;
			continue;
		}
		if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
			i++;
			continue;
		}
		struct tok k = { .a = (uint32_t)i, .mate = UINT32_MAX, .brace = brace, .paren = paren,
				 .encl = stack.n ? encl_of(&out->v[stack.v[stack.n - 1]]) : 0,
				 .owner = stack.n ? stack.v[stack.n - 1] : UINT32_MAX };
		if (c == '#' && line_start) {
			size_t a = i;
			i = lex_line_end(t, n, i, LEX_SPLICE_CRLF | LEX_BLOCK_COMMENTS);
			k.k = K_PP;
			k.c = pp_kind(t, a, i);
			k.b = (uint32_t)i;
			VEC_PUSH(*out, k);
			pp_track(&pd, k.c, t, a, i, &brace, &paren, stack.v, &stack.n);
			continue;
		}
		line_start = false;
		if (lex_comment_at(t, n, i)) {
			i = lex_comment(t, n, i, 0);
			continue;
		}
		if (c == '"' || c == '\'') {
			i = lex_quoted(t, n, i, 0);
			k.k = K_STR;
			k.c = c;
			k.b = (uint32_t)i;
			/* an encoding prefix (L"", u8"") joins its string */
			if (out->n && out->v[out->n - 1].k == K_ID && out->v[out->n - 1].b == k.a) {
				const struct tok *p = &out->v[out->n - 1];
				size_t pl = p->b - p->a;
				if ((pl == 1 && strchr("LuU", t[p->a])) ||
				    (pl == 2 && t[p->a] == 'u' && t[p->a + 1] == '8')) {
					out->v[out->n - 1].k = K_STR;
					out->v[out->n - 1].b = k.b;
					continue;
				}
			}
			VEC_PUSH(*out, k);
			continue;
		}
		if (is_ident_start((unsigned char)c)) {
			while (i < n && is_ident((unsigned char)t[i]))
				i++;
			k.k = K_ID;
			k.b = (uint32_t)i;
			k.cls = (uint8_t)word_class(t + k.a, k.b - k.a);
			VEC_PUSH(*out, k);
			continue;
		}
		if (isdigit((unsigned char)c) || (c == '.' && i + 1 < n && isdigit((unsigned char)t[i + 1]))) {
			/* a preprocessing number */
			i++;
			while (i < n) {
				if ((t[i] == '+' || t[i] == '-') && strchr("eEpP", t[i - 1]))
					i++;
				else if (is_ident((unsigned char)t[i]) || t[i] == '.')
					i++;
				else if (t[i] == '\'' && i + 1 < n && isxdigit((unsigned char)t[i + 1]))
					i++;	/* C23 digit separator */
				else
					break;
			}
			k.k = K_NUM;
			k.b = (uint32_t)i;
			VEC_PUSH(*out, k);
			continue;
		}
		k.k = K_P;
		k.c = c;
		if (c == '.' && i + 2 < n && t[i + 1] == '.' && t[i + 2] == '.') {
			i += 3;
		} else if (c == '-' && i + 1 < n && t[i + 1] == '>') {
			k.c = '>';
			i += 2;
		} else {
			i++;
		}
		k.b = (uint32_t)i;
		uint32_t me = (uint32_t)out->n;
		switch (c) {
		case '{':
			k.blk = opens_block(t, out->v, out->n, brace);
			if (!k.blk && out->n) {
				const struct tok *pv = &out->v[out->n - 1];
				k.body = pv->k == K_ID && !tok_is(t, pv, "return");
			}
			brace++;
			VEC_PUSH(stack, me);
			break;
		case '(':
		case '[':
			paren++;
			k.brace = brace;
			VEC_PUSH(stack, me);
			break;
		case '}':
		case ')':
		case ']': {
			char open = c == '}' ? '{' : c == ')' ? '(' : '[';
			if (stack.n && out->v[stack.v[stack.n - 1]].c == open) {
				uint32_t o = stack.v[--stack.n];
				out->v[o].mate = me;
				k.mate = o;
			}
			if (c == '}') {
				if (brace > 0)
					brace--;
			} else if (paren > 0) {
				paren--;
			}
			k.brace = brace;
			k.paren = paren;
			break;
		}
		default:
			break;
		}
		VEC_PUSH(*out, k);
	}
	VEC_FREE(stack);
	pp_release(&pd);
}

/* Write a string literal of the same length over [a, b): `"..."`.  The
 * bytes between stay, with inner quotes blanked; needs b - a >= 2. */
static void make_string(char *t, size_t a, size_t b)
{
	for (size_t i = a + 1; i + 1 < b; i++)
		if (t[i] == '"' && (i == a + 1 || t[i - 1] != '\\'))
			t[i] = ' ';
	t[a] = '"';
	t[b - 1] = '"';
}

/*
 * `10000baseT_Full`, `5780_CLASS`: token-pasted names that start with a
 * digit (the macro glues a prefix on).  Spell the first digit `_`.
 */
static void fix_numbers(char *t, tok_list *tl)
{
	for (size_t i = 0; i < tl->n; i++) {
		struct tok *k = &tl->v[i];
		if (k->k != K_NUM || !isdigit((unsigned char)t[k->a]))
			continue;
		size_t a = k->a, b = k->b;
		if (b - a >= 2 && t[a] == '0' && strchr("xXbB", t[a + 1]))
			continue;
		size_t d = a;
		while (d < b && (isdigit((unsigned char)t[d]) || t[d] == '\''))
			d++;
		if (d == b || t[d] == '.')
			continue;
		/* what may follow the digits of a constant: an integer suffix,
		 * an exponent, a float suffix */
		size_t rl = b - d;
		char rest[8] = {0};
		for (size_t j = 0; j < rl && j < 7; j++)
			rest[j] = (char)tolower((unsigned char)t[d + j]);
		static const char *const suffixes[] = {
			"u", "l", "ul", "lu", "ll", "ull", "llu", "f", "uz", "z",
		};
		bool valid = false;
		if (rl <= 3)
			for (size_t j = 0; j < ARRAY_SIZE(suffixes); j++)
				if (!strcmp(rest, suffixes[j]))
					valid = true;
		if (rest[0] == 'e') {
			valid = true;
			for (size_t j = d + 1; j < b; j++)
				if (!(isdigit((unsigned char)t[j]) || t[j] == '+' || t[j] == '-' ||
				      ((t[j] == 'f' || t[j] == 'F' || t[j] == 'l' || t[j] == 'L') && j + 1 == b)))
					valid = false;
		}
		if (valid)
			continue;
		t[a] = '_';
		k->k = K_ID;
	}
}

/* `case 1 ... 5:` (GNU case range): the grammar has no such label. */
static void fix_case_ranges(char *t, tok_list *tl)
{
	for (size_t i = 0; i < tl->n; i++) {
		struct tok *k = &tl->v[i];
		if (!(k->k == K_P && k->c == '.' && k->b - k->a == 3) || k->brace == 0)
			continue;
		for (size_t j = i; j-- > 0;) {
			struct tok *p = &tl->v[j];
			if (p->paren < k->paren || p->k == K_PP)
				break;
			if (p->paren > k->paren)
				continue;
			if (tok_is(t, p, "case")) {
				memcpy(t + k->a, " - ", 3);
				k->c = '-';
				break;
			}
			if (p->k == K_P && strchr(";{}:?", p->c))
				break;
		}
	}
}

/* The token after q, stepping over a bracketed group that opens at q. */
static size_t next_sib(const tok_list *tl, size_t q)
{
	const struct tok *k = &tl->v[q];
	if (k->k == K_P && (k->c == '(' || k->c == '[' || k->c == '{') && k->mate != UINT32_MAX &&
	    k->mate > q)
		return k->mate;	/* the caller's q++ steps past it */
	return q;
}

/* Index of the last token of the call whose name is token i, or 0. */
static size_t call_end(const tok_list *tl, size_t i)
{
	if (i + 1 < tl->n && is_p(&tl->v[i + 1], '(') && tl->v[i + 1].mate != UINT32_MAX)
		return tl->v[i + 1].mate;
	return 0;
}

/*
 * Adjacent string pieces: `KERN_ERR PFX "text"`, `"at " __stringify(__LINE__) ": "`.
 * The grammar reads a run of strings and names only when a string comes
 * first or second, and never a macro call.  Such a run is all strings to the
 * analysis: each name or one-line call in it becomes a string literal.
 */
static void fix_string_runs(char *t, tok_list *tl)
{
	size_t i = 0;
	while (i < tl->n) {
		/* only where a run can start: not right after a piece of one */
		if (i > 0) {
			const struct tok *p = &tl->v[i - 1];
			if (p->k == K_STR || (p->k == K_ID && !is_kw(t, p)) ||
			    (is_p(p, ')') && p->mate != UINT32_MAX && p->mate > 0 &&
			     tl->v[p->mate - 1].k == K_ID && !is_kw(t, &tl->v[p->mate - 1]))) {
				i++;
				continue;
			}
		}
		size_t j = i, elems = 0, strs = 0, calls = 0;
		size_t first_kinds = 0;	/* bit 0: element 1 is a string; bit 1: element 2 */
		while (j < tl->n) {
			const struct tok *k = &tl->v[j];
			size_t next;
			if (k->k == K_STR && k->c == '"') {
				if (elems < 2)
					first_kinds |= 1u << elems;
				strs++;
				next = j + 1;
			} else if (k->k == K_ID && !is_kw(t, k)) {
				size_t e = call_end(tl, j);
				if (e) {
					if (has_nl(t, k->a, tl->v[e].b))
						break;
					calls++;
					next = e + 1;
				} else {
					next = j + 1;
				}
			} else {
				break;
			}
			elems++;
			j = next;
		}
		if (elems >= 2 && strs && (calls || !(first_kinds & 3))) {
			for (size_t m = i; m < j;) {
				struct tok *k = &tl->v[m];
				if (k->k == K_STR) {
					m++;
					continue;
				}
				size_t e = call_end(tl, m);
				size_t b = e ? tl->v[e].b : k->b;
				if (b - k->a >= 2)
					make_string(t, k->a, b);
				for (size_t q = m; q <= (e ? e : m); q++) {
					tl->v[q].k = K_STR;
					tl->v[q].c = '"';
				}
				m = (e ? e : m) + 1;
			}
		}
		i++;
	}
}

/*
 * asm statements: the template must be strings (macros that expand to
 * strings are spelled as strings), and an operand that is a lone macro
 * (`ASM_CALL_CONSTRAINT`) becomes `"..."(_)`.
 */
static void fix_asm(char *t, tok_list *tl)
{
	for (size_t i = 0; i < tl->n; i++) {
		if (tok_is(t, &tl->v[i], "asm_inline") && i + 1 < tl->n &&
		    (is_p(&tl->v[i + 1], '(') || tl->v[i + 1].k == K_ID)) {
			/* the kernel's `asm inline` */
			memcpy(t + tl->v[i].a, "asm", 3);
			blank(t, tl->v[i].a + 3, tl->v[i].b);
		} else if (!(tok_is(t, &tl->v[i], "asm") || tok_is(t, &tl->v[i], "__asm__") ||
			     tok_is(t, &tl->v[i], "__asm"))) {
			continue;
		}
		size_t o = i + 1;
		while (o < tl->n && tl->v[o].k == K_ID &&
		       (tok_is(t, &tl->v[o], "volatile") || tok_is(t, &tl->v[o], "__volatile__") ||
			tok_is(t, &tl->v[o], "goto") || tok_is(t, &tl->v[o], "inline") ||
			tok_is(t, &tl->v[o], "__inline__") || tok_is(t, &tl->v[o], "__volatile") ||
			tok_is(t, &tl->v[o], "asm_goto"))) {
			if (tok_is(t, &tl->v[o], "__volatile"))
				blank(t, tl->v[o].a, tl->v[o].b);
			o++;
		}
		if (o >= tl->n || !is_p(&tl->v[o], '(') || tl->v[o].mate == UINT32_MAX)
			continue;
		size_t close = tl->v[o].mate;
		int32_t depth = tl->v[o].paren + 1;
		/* the template */
		size_t m = o + 1;
		bool pp = false, plain = true;
		size_t tend = m;
		while (tend < close && !(tl->v[tend].paren == depth && is_p(&tl->v[tend], ':'))) {
			if (tl->v[tend].k == K_PP)
				pp = true;
			if (tl->v[tend].paren == depth && tl->v[tend].k != K_STR)
				plain = false;
			tend = next_sib(tl, tend) + 1;
		}
		if (tend > close)
			continue;
		if (!pp && !plain && tend > m) {
			for (size_t q = m; q < tend;) {
				struct tok *k = &tl->v[q];
				if (k->k == K_STR) {
					q++;
					continue;
				}
				if (k->k != K_ID)
					break;
				size_t e = call_end(tl, q);
				size_t b = e ? tl->v[e].b : k->b;
				if (e && e >= tend)
					break;
				if (has_nl(t, k->a, b) || b - k->a < 2)
					break;
				make_string(t, k->a, b);
				for (size_t r = q; r <= (e ? e : q); r++) {
					tl->v[r].k = K_STR;
					tl->v[r].c = '"';
				}
				q = (e ? e : q) + 1;
			}
		}
		/* operands: sections after each ':' */
		int section = 0;
		size_t start = tend;
		for (size_t q = tend; q <= close; q++) {
			const struct tok *k = &tl->v[q];
			bool sep = q == close || (k->paren == depth && (is_p(k, ':') || is_p(k, ',')));
			if (!sep) {
				q = next_sib(tl, q);
				continue;
			}
			if (q > start + 1 && section >= 1 && section <= 3) {
				size_t f = start + 1;	/* first token of the operand */
				struct tok *x = &tl->v[f];
				if (x->k == K_ID && f + 1 == q && !is_kw(t, x)) {
					size_t len = x->b - x->a;
					if (section == 3 && len >= 2) {
						make_string(t, x->a, x->b);
						x->k = K_STR;
					} else if (section < 3 && len >= 5) {
						t[x->a] = '"';
						for (size_t z = x->a + 1; z < x->b - 4; z++)
							if (t[z] == '"')
								t[z] = ' ';
						memcpy(t + x->b - 4, "\"(_)", 4);
						x->k = K_STR;
					}
				} else if (x->k == K_ID && f + 1 < q && is_p(&tl->v[f + 1], '(') &&
					   tl->v[f + 1].mate == q - 1 && x->b - x->a >= 2 && section < 3) {
					/* EBX_REG (*b): a constraint macro */
					make_string(t, x->a, x->b);
					x->k = K_STR;
				}
			}
			if (q < close && is_p(k, ':'))
				section++;
			start = q;
		}
		i = o;
	}
}

/*
 * offsetof(struct s, a.b[i]) and offsetof(typeof(*p), m): the grammar's
 * offsetof takes a type and one field name only.  Spell it `_ffsetof`, an
 * ordinary call, with a type argument as `_`.
 */
static void fix_offsetof(char *t, tok_list *tl)
{
	for (size_t i = 0; i + 1 < tl->n; i++) {
		if (!tok_is(t, &tl->v[i], "offsetof"))
			continue;
		size_t close = call_end(tl, i);
		if (!close)
			continue;
		size_t open = i + 1, comma = 0;
		for (size_t q = open + 1; q < close; q = next_sib(tl, q) + 1)
			if (tl->v[q].paren == tl->v[open].paren + 1 && is_p(&tl->v[q], ',')) {
				comma = q;
				break;
			}
		if (!comma)
			continue;
		bool simple_member = comma + 2 == close && tl->v[comma + 1].k == K_ID;
		bool simple_type = true;
		for (size_t q = open + 1; q < comma; q++)
			if (!(tl->v[q].k == K_ID && !tok_is(t, &tl->v[q], "typeof") &&
			      !tok_is(t, &tl->v[q], "__typeof__")) && !is_p(&tl->v[q], '*'))
				simple_type = false;
		if (simple_member && simple_type)
			continue;
		t[tl->v[i].a] = '_';
		if (simple_type && looks_like_type(t, tl->v[open].b, tl->v[comma].a)) {
			size_t a = tl->v[open + 1].a;
			t[a] = '_';
			blank(t, a + 1, tl->v[comma].a);
		}
	}
}

/* Index of the previous token that is not a preprocessor line, or SIZE_MAX. */
static size_t prev_tok(const tok_list *tl, size_t i)
{
	while (i-- > 0)
		if (tl->v[i].k != K_PP)
			return i;
	return SIZE_MAX;
}

/* Is token i the first of a statement inside a function body? */
static bool stmt_start(const char *t, const tok_list *tl, size_t i)
{
	if (tl->v[i].brace == 0)
		return false;
	size_t p = prev_tok(tl, i);
	if (p == SIZE_MAX)
		return false;
	const struct tok *k = &tl->v[p];
	if (k->k == K_P && k->c == '(' && tl->v[i].paren == k->paren + 1) {
		size_t q = prev_tok(tl, p);
		return q != SIZE_MAX && tok_is(t, &tl->v[q], "for");
	}
	if (tl->v[i].encl != 'B')
		return false;
	if (k->k == K_P && (k->c == ';' || k->c == '{' || k->c == '}'))
		return true;
	if (k->k == K_P && k->c == ':') {
		/* a label or case, not `?:` or a bit-field */
		size_t q = prev_tok(tl, p);
		if (q == SIZE_MAX)
			return false;
		size_t r = prev_tok(tl, q);
		return r != SIZE_MAX && tl->v[r].k == K_P && strchr(";{}", tl->v[r].c) &&
		       tl->v[q].k == K_ID;
	}
	return tok_is(t, k, "else") || tok_is(t, k, "do");
}

/* A declaration can start at token i: a statement start, not after else/do. */
static bool decl_start(const char *t, const tok_list *tl, size_t i)
{
	if (!stmt_start(t, tl, i))
		return false;
	size_t p = prev_tok(tl, i);
	return !(tok_is(t, &tl->v[p], "else") || tok_is(t, &tl->v[p], "do"));
}

/*
 * Macros used as a type in a declaration inside a function:
 * `typeof(x->y) v = ...;`, `typeof_member(struct s, m) f;`,
 * `DECLARE_BITMAP(map, N) = { 0 };`.  The type becomes the identifier `_`;
 * for DECLARE_*-style macros whose first argument is the declared name,
 * that name stays: `_              map    = { 0 };`.
 */
static void fix_type_macros(char *t, tok_list *tl)
{
	for (size_t i = 0; i + 2 < tl->n; i++) {
		struct tok *k = &tl->v[i];
		if (k->k != K_ID || k->brace == 0)
			continue;
		bool is_typeof = tok_is(t, k, "typeof") || tok_is(t, k, "__typeof__") ||
				 tok_is(t, k, "__typeof");
		if (!is_typeof && is_kw(t, k))
			continue;
		size_t close = call_end(tl, i);
		size_t st = i;	/* `const typeof(x) *p;` */
		while (st > 0 && (tok_is(t, &tl->v[st - 1], "const") || tok_is(t, &tl->v[st - 1], "static") ||
				  tok_is(t, &tl->v[st - 1], "volatile")))
			st--;
		if (!close || close + 2 >= tl->n || !decl_start(t, tl, st))
			continue;
		const struct tok *nx = &tl->v[close + 1];
		size_t after = close + 1;
		while (after < tl->n && is_p(&tl->v[after], '*'))
			after++;
		bool decl_follows = false;
		if (after + 1 < tl->n && tl->v[after].k == K_ID && !is_kw(t, &tl->v[after]) &&
		    !has_nl(t, k->a, tl->v[after].a)) {
			const struct tok *f = &tl->v[after + 1];
			decl_follows = is_p(f, ';') || is_p(f, '=') || is_p(f, ',') || is_p(f, '[');
		}
		if (decl_follows) {
			if (is_typeof) {
				/* typeof(int) already reads as a type */
				if (looks_like_type(t, tl->v[i + 1].b, tl->v[close].a))
					continue;
			}
			t[k->a] = '_';
			blank(t, k->a + 1, tl->v[close].b);
			k->cls |= W_KEYWORD;
			i = close;
			continue;
		}
		/* DECLARE_BITMAP(name, N) = ...; / DECLARE_BITMAP(name, N); is a call */
		if (!is_typeof && is_p(nx, '=') && is_p(&tl->v[close + 2], '{') &&
		    close > i + 2 && tl->v[i + 2].k == K_ID &&
		    !is_kw(t, &tl->v[i + 2]) && (is_p(&tl->v[i + 3], ',') || i + 3 == close) &&
		    k->b - k->a >= 1) {
			t[k->a] = '_';
			blank(t, k->a + 1, tl->v[i + 2].a);
			blank(t, tl->v[i + 2].b, tl->v[close].b);
			k->cls |= W_KEYWORD;
			i = close;
		}
	}
}

/*
 * `.field = value` as a macro argument (LIBBPF_OPTS(o, .flags = 1),
 * X86_CONFIG(.event = 1)): a designator the grammar reads only inside
 * braces.  Blank the dot: an assignment expression of the same bytes.
 */
static void fix_macro_designators(char *t, tok_list *tl)
{
	for (size_t i = 2; i + 2 < tl->n; i++) {
		struct tok *k = &tl->v[i];
		if (!is_p(k, '.') || k->b - k->a != 1)
			continue;
		const struct tok *p = &tl->v[i - 1];
		if (!(is_p(p, '(') || is_p(p, ',')))
			continue;
		if (tl->v[i + 1].k != K_ID || !is_p(&tl->v[i + 2], '='))
			continue;
		/* the innermost open bracket must be a macro call's '(' */
		size_t j = k->owner;
		if (j == UINT32_MAX || !is_p(&tl->v[j], '(') || j == 0 || tl->v[j - 1].k != K_ID ||
		    is_kw(t, &tl->v[j - 1]))
			continue;
		t[k->a] = ' ';
	}
}

static bool looks_like_macro_word(const char *s, size_t n)
{
	bool lower = false;
	for (size_t i = 0; i < n; i++)
		if (islower((unsigned char)s[i]))
			lower = true;
	if (!lower)
		return true;	/* ALL_CAPS */
	if (n > 2 && s[0] == '_' && s[1] == '_')
		return true;
	for (size_t i = 0; i + 6 <= n; i++)
		if (!memcmp(s + i, "inline", 6))
			return true;
	return false;
}

/*
 * File scope, the head of a function: `STATIC int f(`, `static nokprobe_inline
 * void f(`, `acpi_status ACPI_INIT_FUNCTION f(`, `void __cpuidle f(`.  The
 * extra words are storage-class or attribute macros; with two candidate
 * type names and no C type word, the macro-looking one goes.
 */
static void fix_decl_heads(char *t, tok_list *tl)
{
	for (size_t i = 1; i < tl->n; i++) {
		const struct tok *open = &tl->v[i];
		if (!is_p(open, '(') || open->brace != 0 || open->paren != 0)
			continue;
		const struct tok *name = &tl->v[i - 1];
		if (name->k != K_ID || is_kw(t, name) || has_nl(t, name->b, open->a))
			continue;
		/* the words before the name */
		size_t s = i - 1;
		bool type_word = false;
		size_t cand[16], nc = 0;
		while (s > 0) {
			const struct tok *p = &tl->v[s - 1];
			if (is_p(p, '*')) {
				s--;
				continue;
			}
			if (p->k != K_ID)
				break;
			if (tok_is(t, p, "__attribute__") || tok_is(t, p, "__attribute") ||
			    tok_is(t, p, "typedef") || tok_is(t, p, "return") || tok_is(t, p, "goto") ||
			    tok_is(t, p, "case") || tok_is(t, p, "else") || tok_is(t, p, "sizeof"))
				break;
			if (p->cls & W_C_TYPE) {
				type_word = true;
			} else if (!is_kw(t, p)) {
				/* the tag after struct/union/enum is part of the type */
				if (s >= 2 && (tok_is(t, &tl->v[s - 2], "struct") ||
					       tok_is(t, &tl->v[s - 2], "union") ||
					       tok_is(t, &tl->v[s - 2], "enum"))) {
					s--;
					continue;
				}
				if (nc == ARRAY_SIZE(cand))
					break;
				cand[nc++] = s - 1;
			}
			s--;
		}
		if (nc == 0 || (nc == 1 && !type_word))
			continue;
		/* what comes before the head must end a previous item */
		if (s > 0) {
			const struct tok *p = &tl->v[s - 1];
			if (!(p->k == K_PP || is_p(p, ';') || is_p(p, '}') || is_p(p, ')')))
				continue;
			if (is_p(p, ')') && p->mate != UINT32_MAX) {
				/* `__attribute__((x)) MACRO int f(` is fine; `FOO(x) int f(` is
				 * a macro call without ';' and not ours to judge */
				size_t q = p->mate;
				if (!(q >= 2 && is_p(&tl->v[q - 1], '(') &&
				      (tok_is(t, &tl->v[q - 2], "__attribute__") ||
				       tok_is(t, &tl->v[q - 2], "__attribute"))))
					continue;
			}
		}
		/* cand[] runs from the last word to the first */
		size_t keep = SIZE_MAX;
		if (!type_word) {
			for (size_t c = 0; c < nc && keep == SIZE_MAX; c++) {
				const struct tok *w = &tl->v[cand[c]];
				if (!looks_like_macro_word(t + w->a, w->b - w->a))
					keep = c;
			}
			if (keep == SIZE_MAX)
				keep = 0;
		}
		for (size_t c = 0; c < nc; c++)
			if (c != keep)
				blank(t, tl->v[cand[c]].a, tl->v[cand[c]].b);
	}
}

/*
 * File scope: `ACPI_EXPORT_SYMBOL(acpi_enable)` or `MODULE_X(a, b)` with no
 * ';' before the next declaration.  With only names as arguments it can be
 * spelled as a declaration: `ACPI_EXPORT_SYMBOL acpi_enable;`.
 */
static void fix_toplevel_calls(char *t, tok_list *tl)
{
	for (size_t i = 0; i + 2 < tl->n; i++) {
		const struct tok *k = &tl->v[i];
		if (k->k != K_ID || k->brace != 0 || k->paren != 0 || is_kw(t, k))
			continue;
		size_t p = prev_tok(tl, i);
		if (p != SIZE_MAX && tok_is(t, &tl->v[p], "static"))
			p = prev_tok(tl, p);	/* static DEF_SCSI_QCMD(f) */
		if (!(p == SIZE_MAX || is_p(&tl->v[p], ';') || is_p(&tl->v[p], '}')))
			continue;
		size_t close = call_end(tl, i);
		if (!close)
			continue;
		size_t after = close + 1;
		while (after < tl->n && tl->v[after].k == K_PP)
			after++;
		if (after < tl->n) {
			/* the next item starts on a later line */
			const struct tok *nx = &tl->v[after];
			if (nx->k != K_ID || !has_nl(t, tl->v[close].b, nx->a))
				continue;
			if (tok_is(t, nx, "__attribute__") || tok_is(t, nx, "__attribute"))
				continue;
		}
		bool names = close > i + 2, plain = true, want_id = true;
		size_t dots[8], ndots = 0;
		for (size_t q = i + 2; q < close; q++) {
			const struct tok *x = &tl->v[q];
			if (!want_id && x->k == K_NUM && t[x->a] == '.' && x->a == tl->v[q - 1].b &&
			    tl->v[q - 1].k == K_ID && ndots < ARRAY_SIZE(dots)) {
				/* `DEV_ATTR(binf2, BINF.2)`: a name with a suffix the
				 * macro pastes or stringifies; `BINF_2` is one name */
				dots[ndots++] = x->a;
				continue;
			}
			if (want_id ? (x->k != K_ID || is_kw(t, x)) : !is_p(x, ','))
				names = false;
			want_id = !want_id;
			if (x->k == K_PP || is_p(x, '{') || is_p(x, ';') || is_kw(t, x))
				plain = false;	/* `f(int a)`: a function head, not a call */
		}
		if (!names) {
			/* `BTF_ID_FLAGS(func, f, KF_ACQUIRE | KF_RET_NULL)`: no declaration
			 * spelling; blank it (not the ATTR macros, which name handlers) */
			if (!plain || memmem(t + k->a, k->b - k->a, "ATTR", 4))
				continue;
			blank(t, k->a, tl->v[close].b);
			tl->v[close].c = ';';
			tl->v[close].mate = UINT32_MAX;
			i = close;
			continue;
		}
		for (size_t d = 0; d < ndots; d++)
			t[dots[d]] = '_';
		t[tl->v[i + 1].a] = ' ';
		t[tl->v[close].a] = ';';
		tl->v[i + 1].c = ' ';
		tl->v[close].c = ';';
		tl->v[close].mate = UINT32_MAX;
		i = close;
	}
}

/*
 * A macro call followed by a block inside a function
 * (`scoped_guard(spinlock, &l) {`, `xt_entry_foreach(e, b, s) {`) is a loop
 * or a scope: spell the name `while` (or `if` when it is shorter).  One
 * whose block the first stage's `while` closes (`do_each_thread(g, t) {
 * ... } while_each_thread(g, t);`) opens a `do` loop: the call becomes `do`.
 */
static void fix_block_macros(char *t, tok_list *tl)
{
	for (size_t i = 0; i + 3 < tl->n; i++) {
		const struct tok *k = &tl->v[i];
		if (k->k != K_ID || k->brace == 0 || k->encl != 'B' || is_kw(t, k))
			continue;
		size_t close = call_end(tl, i);
		if (!close || close == i + 2 || close + 1 >= tl->n || !is_p(&tl->v[close + 1], '{'))
			continue;
		size_t len = k->b - k->a;
		uint32_t end = tl->v[close + 1].mate;
		if (len > 7 && memmem(t + k->a, len, "do_each", 7) && end != UINT32_MAX &&
		    end + 1 < tl->n && tok_is(t, &tl->v[end + 1], "while")) {
			memcpy(t + k->a, "do", 2);
			blank(t, k->a + 2, tl->v[close].b);
		} else if (len >= 5) {
			memcpy(t + k->a, "while", 5);
			blank(t, k->a + 5, k->b);
		} else if (len >= 2) {
			memcpy(t + k->a, "if", 2);
			blank(t, k->a + 2, k->b);
		}
	}
}

/*
 * Declarations the grammar misreads inside functions:
 * `static DEFINE_RATELIMIT_STATE(rs, HZ, 10);` (a storage class before a
 * macro call: the `static` goes) and `register long r asm("r1") = x;` (an
 * explicit register: the `asm("r1")` goes).
 */
static void fix_local_decls(char *t, tok_list *tl)
{
	for (size_t i = 0; i + 3 < tl->n; i++) {
		struct tok *k = &tl->v[i];
		if (k->k != K_ID)
			continue;
		if ((tok_is(t, k, "__attribute__") || tok_is(t, k, "__attribute")) && i > 1 &&
		    ((tl->v[i - 1].k == K_ID && !is_kw(t, &tl->v[i - 1])) || is_p(&tl->v[i - 1], ']'))) {
			/* `int warn __attribute__((unused)) = 0;`, `u8 b[4] __attribute__((aligned(8)));` */
			size_t close = call_end(tl, i);
			if (close && close + 1 < tl->n &&
			    (is_p(&tl->v[close + 1], '=') || is_p(&tl->v[close + 1], ';') ||
			     is_p(&tl->v[close + 1], ',')))
				blank(t, k->a, tl->v[close].b);
			continue;
		}
		if (k->brace == 0)
			continue;
		if (tok_is(t, k, "static") && decl_start(t, tl, i)) {
			size_t m = i + 1;
			if (tok_is(t, &tl->v[m], "const"))
				m++;
			if (m < tl->n && tl->v[m].k == K_ID && !is_kw(t, &tl->v[m])) {
				size_t close = call_end(tl, m);
				if (close && close + 1 < tl->n && is_p(&tl->v[close + 1], ';'))
					blank(t, k->a, tl->v[m].a);
			}
			continue;
		}
		if ((tok_is(t, k, "asm") || tok_is(t, k, "__asm__") || tok_is(t, k, "__asm")) && i > 1 &&
		    tl->v[i - 1].k == K_ID && !is_kw(t, &tl->v[i - 1]) &&
		    (tl->v[i - 2].k == K_ID || is_p(&tl->v[i - 2], '*'))) {
			size_t close = call_end(tl, i);
			if (!close || close + 1 >= tl->n || close != i + 3 || tl->v[i + 2].k != K_STR)
				continue;
			const struct tok *nx = &tl->v[close + 1];
			if (is_p(nx, '=') || is_p(nx, ';') || is_p(nx, ','))
				blank(t, k->a, tl->v[close].b);
		}
	}
}

/* Does the argument [a, b) of a call at bracket depth `depth` hold a statement? */
static bool arg_is_stmt(const char *t, const tok_list *tl, size_t a, size_t b, int32_t depth)
{
	if (a >= b)
		return false;
	const struct tok *f = &tl->v[a];
	if (tok_is(t, f, "return") || tok_is(t, f, "goto") || tok_is(t, f, "break") ||
	    tok_is(t, f, "continue") || tok_is(t, f, "if"))
		return true;
	for (size_t q = a; q < b; q = next_sib(tl, q) + 1)
		if (tl->v[q].paren == depth && is_p(&tl->v[q], ';') && tl->v[q].encl == '(')
			return true;
	return false;
}

/*
 * Macros that take statements as arguments, used as statements:
 * `IF_ERR(printk("x");)`, `PP_ASSERT_WITH_CODE(cond, "msg", return -EINVAL);`,
 * `IO_COND(addr, return inb(port), return readb(addr));`.  One argument:
 * a block `{      printk("x");}`; more: `if(cond){ "msg"; return -EINVAL;}`,
 * so the return or goto inside stays visible, and conditional.
 */
static void fix_stmt_macros(char *t, tok_list *tl)
{
	for (size_t i = 0; i + 3 < tl->n; i++) {
		struct tok *k = &tl->v[i];
		if (k->k != K_ID || k->brace == 0 || is_kw(t, k) || k->encl != 'B')
			continue;
		size_t close = call_end(tl, i);
		if (!close)
			continue;
		bool at_stmt = stmt_start(t, tl, i);
		if (!at_stmt) {
			size_t p = prev_tok(tl, i);
			if (p != SIZE_MAX && is_p(&tl->v[p], ')') && tl->v[p].mate != UINT32_MAX &&
			    tl->v[p].mate > 0) {
				const struct tok *f = &tl->v[tl->v[p].mate - 1];
				at_stmt = tok_is(t, f, "if") || tok_is(t, f, "while") || tok_is(t, f, "for");
			}
		}
		if (!at_stmt)
			continue;
		size_t open = i + 1;
		int32_t depth = tl->v[open].paren + 1;
		size_t commas[32], nc = 0;
		bool ok = true;
		for (size_t q = open + 1; q < close; q = next_sib(tl, q) + 1) {
			if (tl->v[q].k == K_PP)
				ok = false;
			if (tl->v[q].paren == depth && tl->v[q].encl == '(' && is_p(&tl->v[q], ',')) {
				if (nc == ARRAY_SIZE(commas)) {
					ok = false;
					break;
				}
				commas[nc++] = q;
			}
		}
		if (!ok)
			continue;
		bool any = false;
		for (size_t m = 0; m <= nc; m++) {
			size_t a = m ? commas[m - 1] + 1 : open + 1;
			size_t b = m < nc ? commas[m] : close;
			if (m > 0 || nc == 0)
				any |= arg_is_stmt(t, tl, a, b, depth);
		}
		bool all_stmts = nc > 0 && arg_is_stmt(t, tl, open + 1, commas[0], depth);
		if (!any && !all_stmts)
			continue;
		/* the end: `;)` closes the block at ')', else `);` becomes `;}` */
		bool semi_inside = close > open + 1 && is_p(&tl->v[close - 1], ';');
		bool semi_after = close + 1 < tl->n && is_p(&tl->v[close + 1], ';');
		if (!semi_inside && !semi_after)
			continue;
		size_t len = k->b - k->a;
		if (nc == 0) {
			t[k->a] = '{';
			blank(t, k->a + 1, tl->v[open].b);
		} else if (all_stmts) {
			/* CMPXCHG_LOOP(new.count++;, return;): maybe run, in order */
			if (len + 1 < 6)
				continue;
			blank(t, k->a, tl->v[open].b);
			memcpy(t + k->a, "if(_){", 6);
			for (size_t m = 0; m < nc; m++)
				t[tl->v[commas[m]].a] = ';';
		} else {
			size_t c0 = tl->v[commas[0]].a;
			/* the '{' goes in the first blank after the comma (maybe the
			 * next line's indentation) */
			size_t brace_at = c0 + 1, lim = tl->v[commas[0] + 1].a;
			while (brace_at < lim && t[brace_at] != ' ' && t[brace_at] != '\t')
				brace_at++;
			if (len < 2 || brace_at >= lim)
				continue;
			if (has_nl(t, c0, brace_at) && memchr(t + c0, '/', brace_at - c0))
				continue;	/* a comment in between */
			memcpy(t + k->a, "if", 2);
			blank(t, k->a + 2, k->b);
			t[c0] = ')';
			t[brace_at] = '{';
			for (size_t m = 1; m < nc; m++)
				t[tl->v[commas[m]].a] = ';';
		}
		k->cls |= W_KEYWORD;	/* rewritten: later passes leave it */
		if (semi_inside) {
			t[tl->v[close].a] = '}';
			tl->v[close].c = '}';
		} else {
			t[tl->v[close].a] = ';';
			t[tl->v[close + 1].a] = '}';
			tl->v[close].c = ';';
			tl->v[close + 1].c = '}';
		}
		i = close;
	}
}

/*
 * Conditional groups that split what the grammar reads as one piece
 * (`} else` under #ifdef, an argument or initialiser field under #ifdef,
 * a function head with two variants, a label before #ifdef).  The grammar
 * reads a group only where whole statements, declarations or struct fields
 * stand, and each arm is complete.  A group that is not is flattened, in
 * this order of preference:
 *  - one arm: the directive lines are blanked, its code stays (as if the
 *    condition held; an `#if 0` arm is dead and is blanked whole);
 *  - several arms, inside a function or a list: the directives are blanked
 *    and all arms stay, one after the other, when that keeps the brackets
 *    as the first arm alone would (`} else if (a) {` then `} else {`); in
 *    an initialiser, a ',' written into a directive joins two elements;
 *  - inside a function, arms that are whole statements and then the same
 *    opening (the same control structure and calls, as below): every
 *    arm's statements stay, and the last arm's opening;
 *  - otherwise the first live arm stays and the others are blanked, but
 *    only when they hold the same control structure and the same calls that
 *    matter to the analysis (returns, gotos, set_fs/get_fs, uaccess, locks):
 *    `if (x) {` / `if (y) {`.
 * Otherwise the group is left as written.  Nested groups go first.  A group
 * the grammar can read as it stands keeps its directives, but an `#if 0`
 * arm in it whose brackets do not balance is blanked.
 */
enum { PPF_DEAD = 1, PPF_SHADOW = 2 };

#define PP_MAX_ARMS 16

struct arm_info {
	size_t first, last;	/* live tokens, SIZE_MAX when none */
	int min, delta;		/* running bracket depth */
	uint64_t skel;		/* hash of the control structure */
	size_t nskel;
	bool dead;		/* `#if 0` */
};

static bool critical_word(const char *s, size_t n)
{
	static const char *const needles[] = {
		"set_fs", "get_fs", "uaccess", "user_access", "lock", "rcu_read", "use_mm",
		"BUG", "panic", "do_exit", "down_read", "down_write", "up_read", "up_write",
		"mutex", "KERNEL_DS", "USER_DS",
	};
	for (size_t i = 0; i < ARRAY_SIZE(needles); i++) {
		size_t m = strlen(needles[i]);
		if (m <= n && memmem(s, n, needles[i], m))
			return true;
	}
	return false;
}

static bool structural_word(const char *t, const struct tok *k)
{
	static const char *const words[] = {
		"if", "else", "switch", "case", "default", "while", "for", "do", "return", "goto",
		"break", "continue",
	};
	for (size_t i = 0; i < ARRAY_SIZE(words); i++)
		if (tok_is(t, k, words[i]))
			return true;
	return false;
}

static void arm_scan(const char *t, const tok_list *tl, const uint8_t *fl, size_t a, size_t b,
		     struct arm_info *ai)
{
	ai->first = ai->last = SIZE_MAX;
	ai->min = ai->delta = 0;
	ai->skel = 1469598103934665603ull;
	ai->nskel = 0;
	for (size_t q = a; q < b; q++) {
		const struct tok *k = &tl->v[q];
		if (k->k == K_PP || (fl[q] & (PPF_DEAD | PPF_SHADOW)))
			continue;
		if (ai->first == SIZE_MAX)
			ai->first = q;
		ai->last = q;
		uint64_t h = 0;
		if (k->k == K_P && strchr("{([", k->c)) {
			ai->delta++;
			h = k->c == '{' ? '{' : 0;
		} else if (k->k == K_P && strchr("})]", k->c)) {
			ai->delta--;
			if (ai->delta < ai->min)
				ai->min = ai->delta;
			h = k->c == '}' ? '}' : 0;
		} else if (k->k == K_ID && (structural_word(t, k) ||
					    (critical_word(t + k->a, k->b - k->a) &&
					     !(q > a && (tok_is(t, &tl->v[q - 1], "struct") ||
							 tok_is(t, &tl->v[q - 1], "union") ||
							 tok_is(t, &tl->v[q - 1], "enum")))))) {
			/* `struct dlm_lock_result` names a type, not a lock */
			h = word_hash(t + k->a, k->b - k->a) | 0x100;
		}
		if (h) {
			ai->skel = (ai->skel ^ h) * 1099511628211ull;
			ai->nskel++;
		}
	}
}

/* The live token before a and after b, or SIZE_MAX. */
static size_t live_before(const tok_list *tl, const uint8_t *fl, size_t a)
{
	while (a-- > 0)
		if (tl->v[a].k != K_PP && !(fl[a] & (PPF_DEAD | PPF_SHADOW)))
			return a;
	return SIZE_MAX;
}

static size_t live_after(const tok_list *tl, const uint8_t *fl, size_t b)
{
	for (; b < tl->n; b++)
		if (tl->v[b].k != K_PP && !(fl[b] & (PPF_DEAD | PPF_SHADOW)))
			return b;
	return SIZE_MAX;
}

static bool arm_complete(const char *t, const tok_list *tl, const struct arm_info *ai, char ctx,
			 bool next_is_brace)
{
	if (ai->first == SIZE_MAX)
		return true;
	if (ai->min < 0 || ai->delta != 0)
		return false;
	const struct tok *f = &tl->v[ai->first], *l = &tl->v[ai->last];
	switch (ctx) {
	case 'B':
		return !tok_is(t, f, "else") && (is_p(l, ';') || is_p(l, '}'));
	case 0:
		/* `NOKPROBE_SYMBOL(f)` may end an arm; `int f(int a)` before `{` may not,
		 * nor `__attribute__((l1_text))` before the function it is for */
		if (is_p(l, ')') && l->mate != UINT32_MAX && l->mate > 0) {
			const struct tok *c = &tl->v[l->mate - 1];
			if (tok_is(t, c, "__attribute__") || tok_is(t, c, "__attribute"))
				return false;
		}
		return is_p(l, ';') || is_p(l, '}') || (is_p(l, ')') && !next_is_brace);
	case 'S':
		return is_p(l, ';') || is_p(l, ',') || is_p(l, '}') || l->k == K_ID;
	default:
		return false;	/* initialisers, argument lists: never */
	}
}

static void blank_tok(char *t, const tok_list *tl, uint8_t *fl, size_t q)
{
	blank(t, tl->v[q].a, tl->v[q].b);
	fl[q] |= PPF_DEAD;
}

/*
 * The end of the longest run of whole statements at the start of [a, b):
 * the index after its last ';' or block '}' (not one an `else` follows,
 * nor the `while` of a do loop), or a when there is none.
 */
static size_t stmt_prefix(const char *t, const tok_list *tl, const uint8_t *fl, size_t a,
			  size_t b)
{
	size_t end = a;
	int depth = 0;
	bool first = true, in_do = false;
	for (size_t q = a; q < b; q++) {
		const struct tok *k = &tl->v[q];
		if (k->k == K_PP || (fl[q] & (PPF_DEAD | PPF_SHADOW)))
			continue;
		if (first && tok_is(t, k, "else"))
			return a;
		first = false;
		if (depth == 0 && tok_is(t, k, "do"))
			in_do = true;
		if (k->k == K_P && strchr("{([", k->c)) {
			depth++;
			continue;
		} else if (k->k == K_P && strchr("})]", k->c)) {
			if (--depth < 0)
				break;
			if (depth != 0 || k->c != '}' || k->mate == UINT32_MAX || !tl->v[k->mate].blk)
				continue;
		} else if (depth != 0 || !is_p(k, ';')) {
			continue;
		}
		size_t nx = live_after(tl, fl, q + 1);
		if (nx >= b || !(tok_is(t, &tl->v[nx], "else") ||
				 (in_do && tok_is(t, &tl->v[nx], "while")))) {
			end = q + 1;
			in_do = false;
		}
	}
	return end;
}

/*
 * Arms that are whole statements followed by the same opening:
 * `#ifdef A / for (...) { ... } / for (i = 0; i < 512; i++) { / #else /
 * for (i = 0; i < 528; i++) { / #endif` (the same control structure and
 * limit/lock/uaccess words after each arm's statements).  Every arm's
 * statements stay and the last arm's opening: `for (...) { ... } for (i =
 * 0; i < 528; i++) {`.  Returns whether it rewrote.
 */
static bool pp_prefixes(char *t, const tok_list *tl, uint8_t *fl, const size_t *dir,
			size_t narms, size_t keep, const struct arm_info *arms)
{
	size_t split[PP_MAX_ARMS], ref = SIZE_MAX, last = SIZE_MAX;
	struct arm_info rest[PP_MAX_ARMS];
	bool any = false;
	size_t p = live_before(tl, fl, dir[0]);
	if (p != SIZE_MAX && !(is_p(&tl->v[p], ';') || is_p(&tl->v[p], '{') ||
			       is_p(&tl->v[p], '}') || is_p(&tl->v[p], ':')))
		return false;
	for (size_t m = keep; m < narms; m++) {
		if (arms[m].first == SIZE_MAX)
			continue;
		split[m] = stmt_prefix(t, tl, fl, dir[m] + 1, dir[m + 1]);
		arm_scan(t, tl, fl, split[m], dir[m + 1], &rest[m]);
		if (rest[m].first == SIZE_MAX)
			return false;
		any |= rest[m].first > arms[m].first;
		if (ref == SIZE_MAX)
			ref = m;
		else if (rest[m].skel != rest[ref].skel || rest[m].nskel != rest[ref].nskel ||
			 rest[m].delta != rest[ref].delta || rest[m].min != rest[ref].min)
			return false;
		last = m;
	}
	if (!any)
		return false;
	for (size_t m = 0; m <= narms; m++)
		blank_tok(t, tl, fl, dir[m]);
	for (size_t m = 0; m < narms; m++) {
		if (m < keep)
			for (size_t q = dir[m] + 1; q < dir[m + 1]; q++)
				blank_tok(t, tl, fl, q);
		else if (arms[m].first != SIZE_MAX && m != last)
			for (size_t q = split[m]; q < dir[m + 1]; q++)
				blank_tok(t, tl, fl, q);
	}
	return true;
}

/*
 * Is the live code of [a, b) the same tokens as the end of [c, d)?  Both
 * are arms; their last live tokens are compared backwards.
 */
static bool arm_is_tail(const char *t, const tok_list *tl, const uint8_t *fl, size_t a, size_t b,
			size_t c, size_t d)
{
	size_t q = b, r = d;
	for (;;) {
		q = q > a ? live_before(tl, fl, q) : SIZE_MAX;
		if (q == SIZE_MAX || q < a)
			return true;
		r = r > c ? live_before(tl, fl, r) : SIZE_MAX;
		if (r == SIZE_MAX || r < c)
			return false;
		const struct tok *x = &tl->v[q], *y = &tl->v[r];
		if (x->k != y->k || x->b - x->a != y->b - y->a || memcmp(t + x->a, t + y->a, x->b - x->a))
			return false;
	}
}

/*
 * Arms that differ in their skeleton, where each shorter arm is the tail
 * of the longest one: `#ifdef A / if (x) { ... } else if (y) { / #else /
 * if (y) { / #endif`, `#ifdef A / ... } else { / #else / { / #endif`.
 * The longest arm holds all the code of the others and opens the same
 * brackets, so it is kept: the index of that arm, or SIZE_MAX.
 */
static size_t pp_tail_arm(const char *t, const tok_list *tl, const uint8_t *fl, const size_t *dir,
			  size_t narms, size_t keep, const struct arm_info *arms)
{
	size_t best = SIZE_MAX, most = 0;
	for (size_t m = keep; m < narms; m++) {
		if (arms[m].first == SIZE_MAX)
			continue;
		if (best == SIZE_MAX || arms[m].last - arms[m].first > most) {
			best = m;
			most = arms[m].last - arms[m].first;
		}
	}
	if (best == SIZE_MAX)
		return SIZE_MAX;
	for (size_t m = keep; m < narms; m++) {
		if (m == best || arms[m].first == SIZE_MAX)
			continue;
		if (arms[m].delta != arms[best].delta || arms[m].min < arms[best].min ||
		    !arm_is_tail(t, tl, fl, dir[m] + 1, dir[m + 1], dir[best] + 1, dir[best + 1]))
			return SIZE_MAX;
	}
	return best;
}

static bool pp_group(char *t, const tok_list *tl, uint8_t *fl, const size_t *dir, size_t nd)
{
	size_t narms = nd - 1;
	struct arm_info arms[PP_MAX_ARMS];
	for (size_t m = 0; m < narms; m++) {
		arm_scan(t, tl, fl, dir[m] + 1, dir[m + 1], &arms[m]);
		const struct tok *d = &tl->v[dir[m]];
		arms[m].dead = m == 0 && pp_if0(t, d->a, d->b);
	}
	char ctx = tl->v[dir[0]].encl;
	size_t after = live_after(tl, fl, dir[narms]);
	bool next_is_brace = after != SIZE_MAX && is_p(&tl->v[after], '{');
	/* where the grammar reads no directive at all, even a dead arm breaks it */
	bool ok = ctx == 'B' || ctx == 0 || ctx == 'S';
	for (size_t m = 0; m < narms && ok; m++)
		if (!arms[m].dead && !arm_complete(t, tl, &arms[m], ctx, next_is_brace))
			ok = false;
	if (ok && (ctx == 'B' || ctx == 0)) {
		size_t p = live_before(tl, fl, dir[0]);
		size_t nx = live_after(tl, fl, dir[narms]);
		if (p != SIZE_MAX && !(is_p(&tl->v[p], ';') || is_p(&tl->v[p], '{') ||
				       is_p(&tl->v[p], '}')))
			ok = false;
		/* `struct { ... }` then `#ifdef A / tbl[18] = {...}; / #else ...`:
		 * the arms finish the declaration the '}' is in */
		if (p != SIZE_MAX && is_p(&tl->v[p], '}') && tl->v[p].mate != UINT32_MAX &&
		    !tl->v[tl->v[p].mate].blk)
			ok = false;
		if (nx != SIZE_MAX && tok_is(t, &tl->v[nx], "else"))
			ok = false;
	}
	if (ok) {
		/* readable as it stands: later arms do not count for outer groups */
		size_t first_live = arms[0].dead && narms > 1 ? 1 : 0;
		for (size_t m = 0; m < narms; m++)
			if (m != first_live)
				for (size_t q = dir[m] + 1; q < dir[m + 1]; q++)
					fl[q] |= PPF_SHADOW;
		/* but an `#if 0` arm with unbalanced brackets (dead code that
		 * opens an `if (...) {` the live code closes) is blanked, and
		 * so is one at file scope that starts with no name (`{ [A] = 1,
		 * };`, an old initialiser): no declaration starts that way;
		 * and inside a function any (`#if 0 / if (x) / #endif /
		 * stmt;` leaves the grammar only the head of a statement: the
		 * compiler never sees dead code, so neither does the analysis) */
		if (arms[0].dead && arms[0].first != SIZE_MAX &&
		    (arms[0].min < 0 || arms[0].delta != 0 || ctx == 'B' ||
		     (ctx == 0 && tl->v[arms[0].first].k != K_ID))) {
			for (size_t q = dir[0] + 1; q < dir[1]; q++)
				blank_tok(t, tl, fl, q);
			return true;
		}
		return false;
	}
	size_t keep = arms[0].dead ? 1 : 0;
	if (narms == 1) {
		if (arms[0].dead)
			for (size_t q = dir[0] + 1; q < dir[1]; q++)
				blank_tok(t, tl, fl, q);
		blank_tok(t, tl, fl, dir[0]);
		blank_tok(t, tl, fl, dir[1]);
		return true;
	}
	/* all live arms in a row?  Not as the body of if/while/for/else, where
	 * the second arm would fall outside the condition */
	size_t before = live_before(tl, fl, dir[0]);
	bool body = false;
	if (before != SIZE_MAX) {
		const struct tok *b = &tl->v[before];
		body = tok_is(t, b, "else") || tok_is(t, b, "do") ||
		       (is_p(b, ')') && b->mate != UINT32_MAX && b->mate > 0 &&
			(tok_is(t, &tl->v[b->mate - 1], "if") || tok_is(t, &tl->v[b->mate - 1], "while") ||
			 tok_is(t, &tl->v[b->mate - 1], "for") || tok_is(t, &tl->v[b->mate - 1], "switch")));
	}
	if (ctx != 0 && ctx != 'S' && !(ctx == 'B' && body)) {
		int depth = 0, min = 0;
		for (size_t m = keep; m < narms; m++) {
			if (arms[m].first == SIZE_MAX)
				continue;
			if (depth + arms[m].min < min)
				min = depth + arms[m].min;
			depth += arms[m].delta;
		}
		/* each arm but the last must end where another may follow; in an
		 * initialiser an element with no ',' (`{0x0000, f, g}` before
		 * `#else`) gets one in the directive after it, when the group
		 * starts an element (not after `.ioctl =`) */
		bool joins = true, comma[PP_MAX_ARMS + 1] = { false };
		bool elem = before != SIZE_MAX && (is_p(&tl->v[before], '{') ||
						   is_p(&tl->v[before], ','));
		size_t last_live = SIZE_MAX;
		for (size_t m = keep; m < narms; m++)
			if (arms[m].first != SIZE_MAX)
				last_live = m;
		for (size_t m = keep; m < narms && joins; m++) {
			if (arms[m].first == SIZE_MAX || m == last_live)
				continue;
			const struct tok *l = &tl->v[arms[m].last];
			if (ctx == 'B') {
				joins = is_p(l, ';') || is_p(l, '{') || is_p(l, '}') || tok_is(t, l, "else");
			} else if (is_p(l, ',')) {
				joins = true;
			} else {
				size_t nx = m + 1;
				while (arms[nx].first == SIZE_MAX)
					nx++;
				const struct tok *f = &tl->v[arms[nx].first];
				joins = ctx == 'I' && elem &&
					(is_p(f, ',') ||
					 ((is_p(l, '}') || l->k == K_ID || l->k == K_NUM || l->k == K_STR ||
					   is_p(l, ')')) &&
					  (is_p(f, '{') || is_p(f, '.') || is_p(f, '[') || f->k == K_ID ||
					   f->k == K_NUM || f->k == K_STR || is_p(f, '&'))));
				comma[m + 1] = joins && !is_p(f, ',');
			}
		}
		if (joins && depth == arms[keep].delta && min >= arms[keep].min) {
			for (size_t m = 0; m <= narms; m++) {
				blank_tok(t, tl, fl, dir[m]);
				if (comma[m])
					t[tl->v[dir[m]].a] = ',';
			}
			for (size_t m = 0; m < keep; m++)
				for (size_t q = dir[m] + 1; q < dir[m + 1]; q++)
					blank_tok(t, tl, fl, q);
			return true;
		}
	}
	if (ctx == 'B' && !body && pp_prefixes(t, tl, fl, dir, narms, keep, arms))
		return true;
	/* keep one arm: the others must have the same skeleton, or be its tail */
	for (size_t m = keep + 1; m < narms; m++)
		if (arms[m].first != SIZE_MAX && (arms[m].skel != arms[keep].skel ||
						  arms[m].nskel != arms[keep].nskel)) {
			keep = pp_tail_arm(t, tl, fl, dir, narms, keep, arms);
			if (keep == SIZE_MAX)
				return false;
			break;
		}
	for (size_t m = 0; m <= narms; m++)
		blank_tok(t, tl, fl, dir[m]);
	for (size_t m = 0; m < narms; m++)
		if (m != keep)
			for (size_t q = dir[m] + 1; q < dir[m + 1]; q++)
				blank_tok(t, tl, fl, q);
	return true;
}

/* Returns whether anything was rewritten. */
static bool fix_pp_groups(char *t, const tok_list *tl)
{
	bool changed = false;
	uint8_t *fl = xcalloc(tl->n ? tl->n : 1, 1);
	VEC(size_t) dirs = {0};		/* directive indices of the open groups */
	VEC(size_t) starts = {0};	/* where each open group starts in dirs */
	for (size_t i = 0; i < tl->n; i++) {
		const struct tok *k = &tl->v[i];
		if (k->k != K_PP)
			continue;
		if (k->c == 'i') {
			VEC_PUSH(starts, dirs.n);
			VEC_PUSH(dirs, i);
		} else if ((k->c == 'e' || k->c == 'l') && starts.n) {
			VEC_PUSH(dirs, i);
		} else if (k->c == 'n' && starts.n) {
			VEC_PUSH(dirs, i);
			size_t s0 = starts.v[--starts.n];
			size_t nd = dirs.n - s0;
			/* deeper than any real file nests: left as written */
			if (nd - 1 <= PP_MAX_ARMS && starts.n < 64)
				changed |= pp_group(t, tl, fl, dirs.v + s0, nd);
			dirs.n = s0;
		}
	}
	VEC_FREE(dirs);
	VEC_FREE(starts);
	free(fl);
	return changed;
}

/*
 * File scope `define_machine(name) { .probe = f, ... };`: a macro that
 * declares a structure and takes its initialiser as a body.  Spelled
 * `_              name= { .probe = f, ... };` so the fields are read.
 */
static void fix_struct_macros(char *t, tok_list *tl)
{
	for (size_t i = 0; i + 6 < tl->n; i++) {
		const struct tok *k = &tl->v[i];
		if (k->k != K_ID || k->brace != 0 || k->paren != 0 || is_kw(t, k))
			continue;
		size_t close = call_end(tl, i);
		if (close != i + 3 || tl->v[i + 2].k != K_ID || close + 4 >= tl->n)
			continue;
		const struct tok *b = &tl->v[close + 1];
		if (!is_p(b, '{') || !is_p(&tl->v[close + 2], '.') || tl->v[close + 3].k != K_ID ||
		    !is_p(&tl->v[close + 4], '='))
			continue;
		size_t p = prev_tok(tl, i);
		if (!(p == SIZE_MAX || is_p(&tl->v[p], ';') || is_p(&tl->v[p], '}')))
			continue;
		t[k->a] = '_';
		blank(t, k->a + 1, tl->v[i + 1].b);
		t[tl->v[close].a] = '=';
		i = close;
	}
}

/*
 * Arguments of macro calls that are no expression:
 *  - an empty one, `FIND_NEXT_BIT(a, /\* nop *\/, n)`: `_` where it stood;
 *  - a trailing comma, `LIBBPF_OPTS(o, .x = 1, )`: blanked;
 *  - an operator, `ASSERTCMP(x, ==, y)`: `_`;
 *  - a whole `typeof(...)`, and at file scope a type
 *    (`static DEFINE_PER_CPU(struct s, v);`): `_`.
 */
static void fix_macro_args(char *t, tok_list *tl)
{
	for (size_t i = 1; i < tl->n; i++) {
		const struct tok *open = &tl->v[i];
		if (!is_p(open, '(') || open->mate == UINT32_MAX)
			continue;
		const struct tok *callee = &tl->v[i - 1];
		if (callee->k != K_ID || is_kw(t, callee))
			continue;
		size_t close = open->mate;
		bool file_scope = false;
		size_t storage = SIZE_MAX;
		if (open->brace == 0 && open->paren == 0) {
			size_t p = prev_tok(tl, i - 1);
			/* `static`, `extern`, `static const` (DECLARE_TLV_DB_RANGE) */
			while (p != SIZE_MAX && (tok_is(t, &tl->v[p], "static") || tok_is(t, &tl->v[p], "extern") ||
						 tok_is(t, &tl->v[p], "const"))) {
				storage = p;
				p = prev_tok(tl, p);
			}
			file_scope = p == SIZE_MAX || is_p(&tl->v[p], ';') || is_p(&tl->v[p], '}');
			/* `FOO_DEFINE(name, type, arg) {` declares a function: leave it */
			if (close + 1 < tl->n && is_p(&tl->v[close + 1], '{'))
				file_scope = false;
		}
		if (file_scope && close + 1 < tl->n && is_p(&tl->v[close + 1], '=') &&
		    close >= i + 4 && is_p(&tl->v[close - 2], ',') && tl->v[close - 1].k == K_ID) {
			/* `static DEFINE_PER_CPU(struct s, v) = { ... };`: the macro
			 * declares its last argument; `static _                 v  = {` */
			t[callee->a] = '_';
			blank(t, callee->a + 1, tl->v[close - 1].a);
			blank(t, tl->v[close].a, tl->v[close].b);
			i = close;
			continue;
		}
		if (file_scope && storage != SIZE_MAX && close + 1 < tl->n && is_p(&tl->v[close + 1], ';')) {
			/* `static DEFINE_PER_CPU(struct s, v);`, `static FOO("8000");`,
			 * `static const DECLARE_TLV_DB_RANGE(t, 0, 0, X(1, 2));` read only
			 * without `static`/`const`; `static DEFINE_MUTEX(m);` reads as it is */
			if (!(close == i + 2 && tl->v[i + 1].k == K_ID && !is_kw(t, &tl->v[i + 1])))
				for (size_t q = storage; q < i - 1; q++)
					if (tl->v[q].k == K_ID)
						blank(t, tl->v[q].a, tl->v[q].b);
		}
		int32_t depth = open->paren + 1;
		size_t a = i + 1;	/* first token of the current argument */
		size_t sep = i;		/* the separator before it */
		for (size_t q = i + 1; q <= close; q++) {
			const struct tok *k = &tl->v[q];
			bool end = q == close || (k->paren == depth && k->encl == '(' && is_p(k, ','));
			if (!end) {
				q = next_sib(tl, q);
				continue;
			}
			if (a == q) {
				/* empty: between tl->v[sep] and tl->v[q] */
				if (q == close && sep != i) {
					t[tl->v[sep].a] = ' ';	/* trailing comma */
				} else if (sep != i || q != close) {
					size_t x = tl->v[sep].b, y = k->a;
					size_t z = x;
					while (z < y && (t[z] == '\n' || t[z] == '\r'))
						z++;
					if (z < y) {
						blank(t, x, y);
						t[z] = '_';
					}
				}
			} else {
				bool ops = true;
				for (size_t r = a; r < q && ops; r++)
					if (tl->v[r].k != K_P || strchr("(){}[],;.", tl->v[r].c))
						ops = false;
				bool whole_typeof = (tok_is(t, &tl->v[a], "typeof") ||
						     tok_is(t, &tl->v[a], "__typeof__") ||
						     tok_is(t, &tl->v[a], "__typeof")) &&
						    call_end(tl, a) == q - 1;
				bool type = file_scope && looks_like_type(t, tl->v[a].a, tl->v[q - 1].b);
				if (ops || whole_typeof || type) {
					t[tl->v[a].a] = '_';
					blank(t, tl->v[a].a + 1, tl->v[q - 1].b);
				}
			}
			sep = q;
			a = q + 1;
		}
	}
}

/*
 * Fields under a byte-order macro that nests (MIPS `__BITFIELD_FIELD(u64 a:1,
 * __BITFIELD_FIELD(u64 b:3, ;))` in a struct body): each call is one field
 * and the rest.  Spelled as the fields in their written order: the callee
 * and its '(' go, the ',' after the field becomes its ';', the ')'s go, and
 * so does the `;` that ends the chain (an empty field, which the grammar
 * does not read).
 */
static bool field_decl(const char *t, const tok_list *tl, size_t a, size_t b)
{
	if (a + 1 >= b)
		return false;	/* a type and a name at least */
	for (size_t q = a; q < b; q++) {
		const struct tok *k = &tl->v[q];
		if (!(k->k == K_ID || k->k == K_NUM || is_p(k, '*') || is_p(k, ':') ||
		      is_p(k, '[') || is_p(k, ']')))
			return false;
	}
	return tl->v[a].k == K_ID && (tl->v[b - 1].k == K_ID || tl->v[b - 1].k == K_NUM ||
				      is_p(&tl->v[b - 1], ']'));
}

static void fix_field_chains(char *t, tok_list *tl)
{
	for (size_t i = 1; i + 3 < tl->n; i++) {
		const struct tok *k = &tl->v[i];
		if (k->k != K_ID || k->encl != 'S' || is_kw(t, k) ||
		    !(is_p(&tl->v[i - 1], '{') || is_p(&tl->v[i - 1], ';')))
			continue;
		/* check the chain, then rewrite it */
		size_t c = i, commas[64], calls[64], n = 0;
		bool ok = false;
		while (n < ARRAY_SIZE(calls)) {
			size_t close = call_end(tl, c);
			if (!close)
				break;
			size_t comma = c + 2;
			while (comma < close && !is_p(&tl->v[comma], ','))
				comma = next_sib(tl, comma) + 1;
			if (comma >= close || !field_decl(t, tl, c + 2, comma))
				break;
			calls[n] = c;
			commas[n++] = comma;
			size_t nx = comma + 1;
			if (nx == close || (is_p(&tl->v[nx], ';') && nx + 1 == close)) {
				ok = n > 1 || nx < close;
				if (ok && nx < close)
					blank(t, tl->v[nx].a, tl->v[nx].b);	/* an empty field */
				break;
			}
			/* the rest is one more call, and nothing else */
			if (tl->v[nx].k != K_ID || !call_end(tl, nx) || call_end(tl, nx) + 1 != close ||
			    tl->v[nx].b - tl->v[nx].a != k->b - k->a ||
			    memcmp(t + tl->v[nx].a, t + k->a, k->b - k->a))
				break;
			c = nx;
		}
		if (!ok)
			continue;
		size_t last_close = call_end(tl, i);
		for (size_t m = 0; m < n; m++) {
			blank(t, tl->v[calls[m]].a, tl->v[calls[m] + 1].b);
			t[tl->v[commas[m]].a] = ';';
			blank(t, tl->v[call_end(tl, calls[m])].a, tl->v[call_end(tl, calls[m])].b);
		}
		i = last_close;
	}
}

/*
 * Smaller spellings:
 *  - `for (list_scan(&q, c)) {`, a loop header from a macro: `if  (...)`;
 *  - `__alignof__(*p)`: the grammar's alignof takes a type only; an
 *    expression makes it an ordinary call, `x_alignof__(*p)`;
 *  - `#define` and other non-conditional directives inside an initialiser
 *    or an argument list, where the grammar reads none: blanked.
 */
static void fix_misc(char *t, tok_list *tl)
{
	for (size_t i = 0; i < tl->n; i++) {
		struct tok *k = &tl->v[i];
		if (k->k == K_PP) {
			if (k->c == 'o' && (k->encl == 'I' || k->encl == '(' || k->encl == '['))
				blank(t, k->a, k->b);
			continue;
		}
		if (k->k != K_ID)
			continue;
		if (tok_is(t, k, "for") && k->brace > 0 && i + 1 < tl->n && is_p(&tl->v[i + 1], '(') &&
		    tl->v[i + 1].mate != UINT32_MAX && t[k->b] == ' ') {
			/* `for (opr_queue_Scan(&q, c)) {`: a macro gives the header */
			size_t close = tl->v[i + 1].mate;
			bool semi = false;
			for (size_t q = i + 2; q < close && !semi; q = next_sib(tl, q) + 1)
				semi = is_p(&tl->v[q], ';');
			if (!semi && close > i + 2)
				memcpy(t + k->a, "if ", 3);
			continue;
		}
		if ((tok_is(t, k, "__alignof__") || tok_is(t, k, "__alignof") || tok_is(t, k, "_Alignof") ||
		     tok_is(t, k, "alignof")) && i + 1 < tl->n && is_p(&tl->v[i + 1], '(')) {
			size_t close = call_end(tl, i);
			if (!close || close == i + 2)
				continue;
			bool type = looks_like_type(t, tl->v[i + 1].b, tl->v[close].a);
			bool ident = close == i + 3 && tl->v[i + 2].k == K_ID;	/* a typedef name */
			if (!type && !ident)
				t[k->a] = 'x';
		}
	}
}

/*
 * Table macros that bring their own ',' (`MUX_CFG(DA830, RTCK, 0, 0, 0xf,
 * 8, false)` one a line in an initialiser): a blank between one such call
 * and the next element (another call, a `{ ... }`) becomes the ',' the
 * grammar wants between elements.
 */
static void fix_init_elems(char *t, tok_list *tl)
{
	for (size_t i = 1; i + 2 < tl->n; i++) {
		const struct tok *k = &tl->v[i], *p = &tl->v[i - 1];
		if (k->k != K_ID || k->encl != 'I' || is_kw(t, k) ||
		    !(is_p(p, '{') || is_p(p, ',') || is_p(p, ')')))
			continue;
		size_t close = call_end(tl, i);
		if (!close || close + 2 >= tl->n)
			continue;
		const struct tok *nx = &tl->v[close + 1];
		if (!is_p(nx, '{') && (nx->k != K_ID || is_kw(t, nx) || !is_p(&tl->v[close + 2], '(')))
			continue;
		bool done = false;
		for (size_t x = tl->v[close].b; x < nx->a; x++) {
			if (t[x] == ' ' || t[x] == '\t') {
				t[x] = ',';
				done = true;
				break;
			}
			if (t[x] == '/' && t[x + 1] == '*')
				x = lex_block_comment(t, nx->a, x) - 1;
			else if (t[x] == '/' && t[x + 1] == '/')
				x = lex_line_comment(t, nx->a, x, 0);
		}
		/* no blank after the call (the table starts each line in column
		 * 0): the blank before a last argument that is one number or
		 * name is taken instead, the argument and ')' move left into
		 * it: `1, 0)` becomes `1,0),` */
		struct tok *last = &tl->v[close - 1];
		if (!done && close > i + 3 && (last->k == K_NUM || last->k == K_ID) &&
		    is_p(&tl->v[close - 2], ',') && last->a > tl->v[close - 2].b &&
		    (t[last->a - 1] == ' ' || t[last->a - 1] == '\t') &&
		    tl->v[close].a == last->b && t[tl->v[close].b] == '\n') {
			memmove(t + last->a - 1, t + last->a, tl->v[close].b - last->a);
			t[tl->v[close].a] = ',';
			last->a--;
			last->b--;
			tl->v[close].a--;
			tl->v[close].b--;
		}
		i = close;
	}
}

/*
 * ARM board files: `MACHINE_START(corgi, "SHARP Corgi") .atag_offset = 0x100,
 * ... MACHINE_END` declares a machine_desc.  Spelled
 * `_             corgi={             ` ... `};         `.
 */
static void fix_machine_start(char *t, tok_list *tl)
{
	for (size_t i = 0; i + 5 < tl->n; i++) {
		const struct tok *k = &tl->v[i];
		if (k->k != K_ID || k->brace != 0 || k->paren != 0 ||
		    !(tok_is(t, k, "MACHINE_START") || tok_is(t, k, "DT_MACHINE_START")))
			continue;
		size_t close = call_end(tl, i);
		if (!close || tl->v[i + 2].k != K_ID || !is_p(&tl->v[i + 3], ','))
			continue;
		size_t end = close + 1;
		while (end < tl->n && !tok_is(t, &tl->v[end], "MACHINE_END") &&
		       !(tl->v[end].k == K_ID && tl->v[end].brace == 0 && tl->v[end].paren == 0 &&
			 (tok_is(t, &tl->v[end], "MACHINE_START") || tok_is(t, &tl->v[end], "DT_MACHINE_START"))))
			end++;
		if (end >= tl->n || !tok_is(t, &tl->v[end], "MACHINE_END"))
			continue;
		t[k->a] = '_';
		blank(t, k->a + 1, tl->v[i + 1].b);
		blank(t, tl->v[i + 3].a, tl->v[close].b);
		t[tl->v[i + 3].a] = '=';
		t[tl->v[close].a] = '{';
		blank(t, tl->v[end].a, tl->v[end].b);
		memcpy(t + tl->v[end].a, "};", 2);
		i = end;
	}
}

/*
 * Parameters with annotation macros: `IN OUT tPOCT6100_API f_pApi`,
 * `ppc_cpu_t dialect ATTRIBUTE_UNUSED`, `int x __tag1 __tag2`.  In the
 * parameter list of a file-scope function head, the extra macro-looking
 * words go, as fix_decl_heads does for the head itself.
 */
static void fix_params(char *t, tok_list *tl)
{
	for (size_t i = 1; i < tl->n; i++) {
		const struct tok *open = &tl->v[i];
		if (!is_p(open, '(') || open->brace != 0 || open->paren != 0 || open->mate == UINT32_MAX)
			continue;
		if (tl->v[i - 1].k != K_ID || is_kw(t, &tl->v[i - 1]))
			continue;
		size_t close = open->mate;
		size_t a = i + 1;
		for (size_t q = i + 1; q <= close; q++) {
			bool end = q == close || (tl->v[q].paren == 1 && is_p(&tl->v[q], ','));
			if (!end) {
				if (tl->v[q].paren >= 1 && (is_p(&tl->v[q], '(') || is_p(&tl->v[q], '[')))
					break;	/* function pointers, arrays: not ours */
				continue;
			}
			/* the parameter [a, q): words and stars only */
			size_t ids[16], nid = 0;
			bool type_word = false, plain = true;
			for (size_t r = a; r < q; r++) {
				const struct tok *k = &tl->v[r];
				if (is_p(k, '*'))
					continue;
				if (k->k != K_ID) {
					plain = false;
					break;
				}
				if (k->cls & W_C_TYPE) {
					type_word = true;
					if (tok_is(t, k, "struct") || tok_is(t, k, "union") || tok_is(t, k, "enum"))
						r++;	/* the tag */
					continue;
				}
				if (is_kw(t, k))
					continue;
				if (nid == ARRAY_SIZE(ids)) {
					plain = false;
					break;
				}
				ids[nid++] = r;
			}
			if (plain && nid + type_word >= 3) {
				/* trailing attributes after the name */
				while (nid > (type_word ? 1u : 2u) && ids[nid - 1] == q - 1 &&
				       looks_like_macro_word(t + tl->v[ids[nid - 1]].a,
							     tl->v[ids[nid - 1]].b - tl->v[ids[nid - 1]].a)) {
					blank(t, tl->v[ids[nid - 1]].a, tl->v[ids[nid - 1]].b);
					nid--;
				}
				/* the name is the last word; the type is a C type word or one other */
				size_t cands = ids[nid - 1] == q - 1 ? nid - 1 : nid;
				size_t keep = SIZE_MAX;
				if (!type_word)
					for (size_t c = cands; c-- > 0 && keep == SIZE_MAX;)
						if (!looks_like_macro_word(t + tl->v[ids[c]].a,
									   tl->v[ids[c]].b - tl->v[ids[c]].a))
							keep = c;
				if (!type_word && keep == SIZE_MAX && cands)
					keep = cands - 1;
				for (size_t c = 0; c < cands; c++)
					if (c != keep && looks_like_macro_word(t + tl->v[ids[c]].a,
									       tl->v[ids[c]].b - tl->v[ids[c]].a))
						blank(t, tl->v[ids[c]].a, tl->v[ids[c]].b);
			}
			a = q + 1;
		}
	}
}

/* Indentation of the line holding offset off, in columns (tabs to 8). */
/* Offset of the first byte of the line holding off. */
static size_t line_of(const char *t, size_t off)
{
	while (off > 0 && t[off - 1] != '\n')
		off--;
	return off;
}

static unsigned indent_of(const char *t, size_t off)
{
	size_t a = line_of(t, off);
	unsigned col = 0;
	for (size_t i = a; i < off && (t[i] == ' ' || t[i] == '\t'); i++)
		col = t[i] == '\t' ? (col + 8) & ~7u : col + 1;
	return col;
}

/*
 * A macro call used as a statement with no ';' (`CRITEND`-style code,
 * `mOCT6100_ROUND_MEMORY_SIZE(a, b)` then a new line).  The indentation
 * tells what it is: a next line indented deeper is its body (a loop or
 * condition macro: the name becomes `while`/`if`); otherwise it is a
 * statement, and a blank between the two lines (the next line's
 * indentation) becomes the missing ';'.  A bare word alone on its line
 * (`CRITBEGIN`) is such a statement too; with no blank after it (the
 * function's `}` in column 0 follows) its last letter becomes the ';'.
 * The same macro called again on the line (`N(UP) N(DOWN)`, each a
 * `case`) is a run of statements: the blank before each takes a ';'.
 */
static void fix_stmt_nosemi(char *t, tok_list *tl)
{
	/* the line a ';' was written into the indentation of, and that indentation */
	size_t semi_line = SIZE_MAX;
	unsigned semi_indent = 0;
	for (size_t i = 0; i + 1 < tl->n; i++) {
		struct tok *k = &tl->v[i];
		if (k->k != K_ID || k->brace == 0 || k->encl != 'B' || is_kw(t, k))
			continue;
		size_t close = call_end(tl, i);
		/* a bare word alone on its line: `CRITBEGIN`, `SiS300Idle` */
		bool bare = !close && i > 0 && has_nl(t, tl->v[i - 1].b, k->a);
		if (bare)
			close = i;
		if (!close || close + 1 >= tl->n || !stmt_start(t, tl, i))
			continue;
		const struct tok *nx = &tl->v[close + 1];
		if (!has_nl(t, tl->v[close].b, nx->a)) {
			/* `N(UP) N(DOWN) N(REBOOT)`: the same macro again on the line */
			size_t len = k->b - k->a;
			if (!bare && nx->b - nx->a == len && !memcmp(t + nx->a, t + k->a, len) &&
			    call_end(tl, close + 1) && (t[nx->a - 1] == ' ' || t[nx->a - 1] == '\t')) {
				t[nx->a - 1] = ';';
				tl->v[close].c = ';';
				i = close;
			}
			continue;
		}
		if (!(nx->k == K_ID || is_p(nx, '}') || (!bare && (is_p(nx, '*') || is_p(nx, '(')))))
			continue;
		if (tok_is(t, nx, "else"))
			continue;
		unsigned ci = line_of(t, k->a) == semi_line ? semi_indent : indent_of(t, k->a);
		unsigned ni = indent_of(t, nx->a);
		if (bare && ni > ci)
			continue;	/* `my_type_t` then `\tvar;`? */
		if (ni > ci && !is_p(nx, '}')) {
			size_t len = k->b - k->a;
			if (close == i + 2)
				continue;	/* `FOO()`: no condition to keep */
			if (len >= 5) {
				memcpy(t + k->a, "while", 5);
				blank(t, k->a + 5, k->b);
			} else if (len >= 2) {
				memcpy(t + k->a, "if", 2);
				blank(t, k->a + 2, k->b);
			}
			i = close;
			continue;
		}
		/* the first blank after ')' outside comments takes the ';' */
		size_t x = tl->v[close].b;
		while (x < nx->a) {
			if (t[x] == ' ' || t[x] == '\t')
				break;
			if (lex_comment_at(t, nx->a, x))
				x = lex_comment(t, nx->a, x, 0);
			else
				x++;
		}
		if (x < nx->a && (t[x] == ' ' || t[x] == '\t')) {
			semi_line = line_of(t, nx->a);
			semi_indent = ni;
			t[x] = ';';
			tl->v[close].k = K_P;
			tl->v[close].c = ';';	/* a statement ends here now */
			i = close;
		} else if (bare) {
			/* no blank (`SiS300Idle` then `}` in column 0): the word's
			 * last letter takes it; a name alone does nothing */
			t[k->b - 1] = ';';
			k->k = K_P;
			k->c = ';';
		}
	}
}

static void refine(char *t, size_t n)
{
	tok_list tl = {0};
	tokenize(t, n, &tl);
	/* conditional groups first: the other rewrites then see one variant */
	if (fix_pp_groups(t, &tl)) {
		tl.n = 0;
		tokenize(t, n, &tl);
	}
	fix_numbers(t, &tl);
	fix_case_ranges(t, &tl);
	fix_asm(t, &tl);
	fix_string_runs(t, &tl);
	fix_offsetof(t, &tl);
	fix_macro_args(t, &tl);
	fix_init_elems(t, &tl);
	fix_type_macros(t, &tl);
	fix_macro_designators(t, &tl);
	fix_local_decls(t, &tl);
	fix_stmt_macros(t, &tl);
	fix_stmt_nosemi(t, &tl);
	fix_toplevel_calls(t, &tl);
	fix_struct_macros(t, &tl);
	fix_field_chains(t, &tl);
	fix_machine_start(t, &tl);
	fix_decl_heads(t, &tl);
	fix_params(t, &tl);
	fix_block_macros(t, &tl);
	fix_misc(t, &tl);
	VEC_FREE(tl);
}

/*
 * With a preprocessor environment (-D, -include, -I: ppenv.h), the arms of
 * a conditional group that would not be compiled are blanked, and so are
 * the group's directives, when the conditions up to the live arm are all
 * decided.  When the first arms are decided false and a later condition is
 * not, those arms go and the first undecided `#elif` becomes `#  if`.
 */
#define PP_DECIDE_ARMS 64

struct pp_arm {
	size_t dir_a, dir_e;	/* the directive line(s) */
	int val;		/* 1 compiled, 0 not, -1 not known */
};

struct pp_group {
	struct pp_arm arm[PP_DECIDE_ARMS];
	int n;
	bool overflow;
};

static void blank_keep_lines(char *t, size_t a, size_t e)
{
	for (size_t i = a; i < e; i++)
		if (t[i] != '\n')
			t[i] = ' ';
}

static void pp_close(char *t, struct pp_group *g, size_t endif_a, size_t endif_e)
{
	if (g->overflow || !g->n)
		return;
	int live = -1, first_unknown = -1;
	for (int k = 0; k < g->n; k++) {
		if (g->arm[k].val == 1) {
			live = k;
			break;
		}
		if (g->arm[k].val < 0) {
			first_unknown = k;
			break;
		}
	}
	if (first_unknown == 0)
		return;
	int upto = first_unknown > 0 ? first_unknown : g->n;
	for (int k = 0; k < upto || (first_unknown < 0 && k < g->n); k++) {
		size_t body_e = k + 1 < g->n ? g->arm[k + 1].dir_a : endif_a;
		blank_keep_lines(t, g->arm[k].dir_a, g->arm[k].dir_e);
		if (k != live)
			blank_keep_lines(t, g->arm[k].dir_e, body_e);
	}
	if (first_unknown > 0) {
		/* `#elif X` → `#  if X` */
		char *el = memmem(t + g->arm[first_unknown].dir_a,
				  g->arm[first_unknown].dir_e - g->arm[first_unknown].dir_a, "el", 2);
		if (el)
			el[0] = el[1] = ' ';
		return;
	}
	blank_keep_lines(t, endif_a, endif_e);
}

static void decide_conditionals(char *t, size_t n)
{
	VEC(struct pp_group) st = {0};
	bool in_comment = false;
	size_t i = 0;
	while (i < n) {
		size_t ls = i, le = i;
		while (le < n && t[le] != '\n')
			le++;
		size_t p = ls;
		while (p < le && (t[p] == ' ' || t[p] == '\t'))
			p++;
		bool directive = !in_comment && p < le && t[p] == '#';
		/* with its continuation lines (comments do not hide a newline here) */
		size_t e = directive ? lex_line_end(t, n, p, 0) : le;
		/* block comments opened on this stretch (a `#` line inside one
		 * is no directive); in a directive `//` is text, so a `/+`
		 * after it still opens a comment */
		for (size_t q = ls; q + 1 < e; q++) {
			int cm = in_comment ? 0 : lex_comment_at(t, e, q);
			if (in_comment || cm == '*') {
				size_t c = lex_comment_close(t, e, in_comment ? q : q + 2);
				in_comment = c >= e;
				q = in_comment ? e : c + 1;
			} else if (cm == '/' && !directive) {
				break;
			} else if (t[q] == '"' || t[q] == '\'') {
				q = lex_quoted(t, e, q, LEX_MULTILINE) - 1;
			}
		}
		if (directive) {
			size_t k = p + 1;
			while (k < e && (t[k] == ' ' || t[k] == '\t'))
				k++;
			size_t w = k;
			while (k < e && is_ident((unsigned char)t[k]))
				k++;
			const char *kw = t + w;
			size_t kl = k - w;
#define KW(s) (kl == sizeof(s) - 1 && !memcmp(kw, s, kl))
			int val = -2;
			if (KW("if") || KW("elif")) {
				val = ppenv_eval(t + k, e - k);
			} else if (KW("ifdef") || KW("ifndef") || KW("elifdef") || KW("elifndef")) {
				size_t a = k;
				while (a < e && (t[a] == ' ' || t[a] == '\t'))
					a++;
				size_t b = a;
				while (b < e && is_ident((unsigned char)t[b]))
					b++;
				val = b > a ? ppenv_defined(t + a, b - a) : -1;
				if (val >= 0 && (KW("ifndef") || KW("elifndef")))
					val = !val;
			} else if (KW("else")) {
				val = 1;
			}
			if (KW("if") || KW("ifdef") || KW("ifndef"))
				VEC_PUSH(st, ((struct pp_group){ .n = 0 }));
			if (val != -2 && st.n) {
				struct pp_group *g = &st.v[st.n - 1];
				if (g->n == PP_DECIDE_ARMS)
					g->overflow = true;
				else
					g->arm[g->n++] = (struct pp_arm){ ls, e, val };
			} else if (KW("endif") && st.n) {
				pp_close(t, &st.v[st.n - 1], ls, e);
				st.n--;
			}
#undef KW
		}
		i = e < n ? e + 1 : n;
	}
	VEC_FREE(st);
}

void normalize(struct source *src)
{
	size_t n = src->len;
	char *t = xmalloc(n + 1);
	memcpy(t, src->raw, n + 1);
	src->text = t;
	if (ppenv_active())
		decide_conditionals(t, n);

	VEC(struct paren) parens = {0};
	VEC(size_t) braces = {0};	/* per open brace: parens.n when it opened */
	struct ppdepth pd = {0};
	int32_t brace = 0, pp_paren = 0;
	bool line_start = true;
	size_t i = 0;
	while (i < n) {
		char c = t[i];
		if (c == '\n') {
			line_start = true;
			i++;
			continue;
		}
		if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
			i++;
			continue;
		}
		if (c == '#' && line_start) {
			/* preprocessor line, with continuations; comments inside it */
			size_t pa = i;
			i = lex_line_end(t, n, i, LEX_BLOCK_COMMENTS);
			pp_track(&pd, pp_kind(t, pa, i), t, pa, i, &brace, &pp_paren, NULL, NULL);
			fix_define(t, pa, i);
			continue;
		}
		line_start = false;
		if (lex_comment_at(t, n, i)) {
			i = lex_comment(t, n, i, 0);
			continue;
		}
		if (c == '"' || c == '\'') {
			i = lex_quoted(t, n, i, 0);
			continue;
		}
		if (is_ident_start((unsigned char)c)) {
			size_t a = i;
			while (i < n && is_ident((unsigned char)t[i]))
				i++;
			size_t len = i - a;
			const char *w = t + a;
			unsigned wc = word_class(w, len);
			size_t pb = a;
			while (pb > 0 && (t[pb - 1] == ' ' || t[pb - 1] == '\t' || t[pb - 1] == '\n'))
				pb--;
			bool member = pb > 0 && (t[pb - 1] == '.' || (t[pb - 1] == '>' && pb > 1 && t[pb - 2] == '-'));
			if (member) {
				/* `state.noinstr`: a field that shares an annotation's name */
			} else if (wc & W_BARE) {
				if (len == 6 && memcmp(w, "__user", 6) == 0)
					VEC_PUSH(src->user_marks, (uint32_t)a);
				blank(t, a, i);
			} else if (annotation_before_type(t, n, w, len, i)) {
				blank(t, a, i);
			} else if (wc & W_CALL) {
				size_t o = skip_space(t, n, i);
				size_t e = (o < n && t[o] == '(') ? match_paren(t, n, o) : i;
				blank(t, a, e < n ? e : i);
				i = e < n ? e : i;
			} else if (brace == 0 && len == 15 && memcmp(w, "SYSCALL_DEFINE", 14) == 0 &&
				   isdigit((unsigned char)w[14])) {
				rewrite_syscall(t, n, a, len, "sys_");
			} else if (brace == 0 && len == 22 &&
				   memcmp(w, "COMPAT_SYSCALL_DEFINE", 21) == 0 &&
				   isdigit((unsigned char)w[21])) {
				rewrite_syscall(t, n, a, len, "compat_sys_");
			} else if (brace == 0 && len == 10 && memcmp(w, "BPF_CALL_", 9) == 0 &&
				   isdigit((unsigned char)w[9])) {
				/* BPF_CALL_2(name, t1, a1, t2, a2) { : a BPF helper */
				rewrite_syscall(t, n, a, len, "");
			}
			continue;
		}
		if (c == '{' && parens.n > (braces.n ? braces.v[braces.n - 1] : 0)) {
			/* a brace group as a macro's argument, `FOO(a, { x, y })` (DMI
			 * tables, quirk lists): not C, and tree-sitter's recovery can
			 * lose the whole file to it; parenthesised it is an expression
			 * (`{}` becomes `0`).  Only after a comma: `({` opens a
			 * statement expression, `){` a compound literal or a body. */
			size_t pv = i;
			while (pv > 0 && (t[pv - 1] == ' ' || t[pv - 1] == '\t' || t[pv - 1] == '\n'))
				pv--;
			if (pv > 0 && t[pv - 1] == ',') {
				size_t nx = skip_space(t, n, i + 1);
				if (nx < n && t[nx] == '}') {
					t[i] = '0';
					t[nx] = ' ';
					i = nx + 1;
					continue;
				}
				t[i] = '(';
				struct paren p = { .open = i, .callee = SIZE_MAX, .arg_start = i + 1,
						   .in_body = brace > 0, .from_brace = true };
				VEC_PUSH(parens, p);
				i++;
				continue;
			}
		}
		if (c == '}' && parens.n && parens.v[parens.n - 1].from_brace) {
			t[i] = ')';
			c = ')';
		}
		switch (c) {
		case '{':
			brace++;
			VEC_PUSH(braces, parens.n);
			break;
		case '}':
			if (brace > 0)
				brace--;
			if (braces.n)
				braces.n--;
			break;
		case '(': {
			struct paren p = { .open = i, .callee = SIZE_MAX, .arg_start = i + 1,
					   .in_body = brace > 0 };
			size_t k = i;
			while (k > 0 && (t[k - 1] == ' ' || t[k - 1] == '\t' || t[k - 1] == '\n'))
				k--;
			size_t e = k;
			while (k > 0 && is_ident((unsigned char)t[k - 1]))
				k--;
			if (k < e && is_ident_start((unsigned char)t[k])) {
				p.callee = k;
				p.callee_len = e - k;
			}
			VEC_PUSH(parens, p);
			break;
		}
		case ',':
			if (parens.n) {
				struct paren *p = &parens.v[parens.n - 1];
				end_argument(t, p, i);
				p->arg_start = i + 1;
			}
			break;
		case ')':
			if (parens.n) {
				struct paren p = parens.v[--parens.n];
				end_argument(t, &p, i);
				if (p.in_body && p.callee != SIZE_MAX &&
				    is_iterator(t + p.callee, p.callee_len)) {
					size_t nx = skip_space(t, n, i + 1);
					/* a body follows: a block, a statement, `++n;`, `*p = 0;`
					 * (not `;`: `bus_for_each_dev(...);` is a call) */
					bool args = skip_space(t, n, p.open + 1) < i;
					if (args && nx < n &&
					    (t[nx] == '{' || is_ident_start((unsigned char)t[nx]) ||
					     ((t[nx] == '+' || t[nx] == '-') && nx + 1 < n && t[nx + 1] == t[nx]) ||
					     t[nx] == '*' || t[nx] == '(' ||
					     (t[nx] == ';' && do_tail(t, p.callee, p.callee_len)))) {
						memcpy(t + p.callee, "while", 5);
						blank(t, p.callee + 5, p.callee + p.callee_len);
					}
				}
			}
			break;
		default:
			break;
		}
		i++;
	}
	VEC_FREE(parens);
	VEC_FREE(braces);
	pp_release(&pd);
	refine(t, n);
}
