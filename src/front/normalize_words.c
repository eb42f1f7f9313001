// SPDX-License-Identifier: GPL-2.0
/*
 * The word tables of normalisation (normalize_int.h): annotation macros,
 * callees whose argument may be a type, keywords and type words, each
 * word's lists in one hashed lookup built once; and is_annotation(), the
 * public question other modules ask of them.
 */
#include "normalize_int.h"

#include <pthread.h>

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
unsigned norm_word_class(const char *s, size_t n)
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

bool is_annotation(const char *name, size_t n)
{
	return (norm_word_class(name, n) & (W_BARE | W_CALL)) != 0;
}

bool norm_looks_like_type(const char *t, size_t a, size_t b)
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
	if (!(norm_word_class(t + a, e - a) & W_TYPE_WORD))
		return false;
	/* the rest must be words, stars and spaces: `struct foo`, `unsigned long` */
	for (size_t k = e; k < b; k++)
		if (!(is_ident(t[k]) || isspace((unsigned char)t[k]) || t[k] == '*'))
			return false;
	return true;
}
