// SPDX-License-Identifier: GPL-2.0
/*
 * Kernel-dialect normalisation (see normalize.h).  A small lexer walks the
 * bytes once, skipping comments, literals and preprocessor lines, keeping
 * the brace depth and a stack of open parentheses with the identifier that
 * called each; every rewrite replaces bytes in place and never changes a
 * newline, so positions stay exact.
 */
#include "normalize.h"

#include <ctype.h>
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
	"__alignof__", "__alignof", "offsetof", "__builtin_offsetof",
	"if", "while", "for", "switch", "return", "_Generic", "__attribute__",
	"__attribute", "_Static_assert", "static_assert", "__auto_type",
};

static const char *const type_words[] = {
	"struct", "union", "enum", "unsigned", "signed", "int", "long", "short",
	"char", "void", "float", "double", "_Bool", "const", "volatile",
};

static bool in_list(const char *const *list, size_t n, const char *s, size_t len)
{
	for (size_t i = 0; i < n; i++)
		if (strlen(list[i]) == len && memcmp(list[i], s, len) == 0)
			return true;
	return false;
}

bool is_annotation(const char *name, size_t n)
{
	return in_list(bare_annotations, ARRAY_SIZE(bare_annotations), name, n) ||
	       in_list(call_annotations, ARRAY_SIZE(call_annotations), name, n);
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
	for (;;) {
		while (i < n && isspace((unsigned char)t[i]))
			i++;
		if (i + 1 < n && t[i] == '/' && t[i + 1] == '*') {
			const char *e = strstr(t + i + 2, "*/");
			i = e ? (size_t)(e - t) + 2 : n;
		} else if (i + 1 < n && t[i] == '/' && t[i + 1] == '/') {
			while (i < n && t[i] != '\n')
				i++;
		} else {
			return i;
		}
	}
}

/* Offset just past the parenthesis matching the '(' at i, or n. */
static size_t match_paren(const char *t, size_t n, size_t i)
{
	int depth = 0;
	for (; i < n; i++) {
		char c = t[i];
		if (c == '"' || c == '\'') {
			for (i++; i < n && t[i] != c; i++)
				if (t[i] == '\\')
					i++;
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
	for (size_t i = 0; i + 8 <= n; i++)
		if (memcmp(s + i, "for_each", 8) == 0)
			return true;
	return false;
}

/*
 * SYSCALL_DEFINEn(name, t1, a1, ...) { at top level: rewrite in place to
 * `long sys_name(t1  a1, ...)`.  `at` is the macro name's offset, `plen`
 * its length up to the digit.  Returns true when rewritten.
 */
static bool rewrite_syscall(char *t, size_t n, size_t at, size_t mlen, bool compat)
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
	int len = snprintf(head, sizeof(head), "long %ssys_%.*s(%s", compat ? "compat_" : "",
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

struct paren {
	size_t open;		/* offset of '(' */
	size_t callee;		/* offset of the identifier before it, or SIZE_MAX */
	size_t callee_len;
	size_t arg_start;	/* start of the current argument */
	bool in_body;		/* opened inside a brace */
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
	if (!in_list(type_words, ARRAY_SIZE(type_words), t + a, e - a))
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
	if (in_list(type_ok_callees, ARRAY_SIZE(type_ok_callees), t + p->callee, p->callee_len))
		return;
	if (!looks_like_type(t, p->arg_start, end))
		return;
	size_t a = p->arg_start;
	while (a < end && isspace((unsigned char)t[a]))
		a++;
	t[a] = '_';
	blank(t, a + 1, end);
}

void normalize(struct source *src)
{
	size_t n = src->len;
	char *t = xmalloc(n + 1);
	memcpy(t, src->raw, n + 1);
	src->text = t;

	VEC(struct paren) parens = {0};
	int brace = 0;
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
			while (i < n && t[i] != '\n') {
				if (t[i] == '\\' && i + 1 < n && t[i + 1] == '\n')
					i += 2;
				else if (t[i] == '/' && i + 1 < n && t[i + 1] == '*') {
					const char *e = strstr(t + i + 2, "*/");
					i = e ? (size_t)(e - t) + 2 : n;
				} else
					i++;
			}
			continue;
		}
		line_start = false;
		if (c == '/' && i + 1 < n && t[i + 1] == '/') {
			while (i < n && t[i] != '\n')
				i++;
			continue;
		}
		if (c == '/' && i + 1 < n && t[i + 1] == '*') {
			const char *e = strstr(t + i + 2, "*/");
			i = e ? (size_t)(e - t) + 2 : n;
			continue;
		}
		if (c == '"' || c == '\'') {
			for (i++; i < n && t[i] != c && t[i] != '\n'; i++)
				if (t[i] == '\\' && i + 1 < n)
					i++;
			i++;
			continue;
		}
		if (is_ident_start((unsigned char)c)) {
			size_t a = i;
			while (i < n && is_ident((unsigned char)t[i]))
				i++;
			size_t len = i - a;
			const char *w = t + a;
			if (in_list(bare_annotations, ARRAY_SIZE(bare_annotations), w, len)) {
				if (len == 6 && memcmp(w, "__user", 6) == 0)
					VEC_PUSH(src->user_marks, (uint32_t)a);
				blank(t, a, i);
			} else if (in_list(call_annotations, ARRAY_SIZE(call_annotations), w, len)) {
				size_t o = skip_space(t, n, i);
				size_t e = (o < n && t[o] == '(') ? match_paren(t, n, o) : i;
				blank(t, a, e < n ? e : i);
				i = e < n ? e : i;
			} else if (brace == 0 && len == 15 && memcmp(w, "SYSCALL_DEFINE", 14) == 0 &&
				   isdigit((unsigned char)w[14])) {
				rewrite_syscall(t, n, a, len, false);
			} else if (brace == 0 && len == 22 &&
				   memcmp(w, "COMPAT_SYSCALL_DEFINE", 21) == 0 &&
				   isdigit((unsigned char)w[21])) {
				rewrite_syscall(t, n, a, len, true);
			}
			continue;
		}
		switch (c) {
		case '{':
			brace++;
			break;
		case '}':
			if (brace > 0)
				brace--;
			break;
		case '(': {
			struct paren p = { .open = i, .callee = SIZE_MAX, .arg_start = i + 1,
					   .in_body = brace > 0 };
			size_t k = i;
			while (k > 0 && (t[k - 1] == ' ' || t[k - 1] == '\t'))
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
					if (nx < n && (t[nx] == '{' || is_ident_start((unsigned char)t[nx]))) {
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
}
