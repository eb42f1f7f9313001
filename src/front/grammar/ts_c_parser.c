// SPDX-License-Identifier: GPL-2.0
/*
 * tree-sitter-c's generated parser (deps/tree-sitter-c, not modified),
 * compiled through this file so that its lexer's character-set tests answer
 * ASCII at once.  The generated lexer asks set_contains() about every
 * character of every identifier and number it reads: a binary search over
 * the 687 Unicode ranges an identifier character may lie in, 2.4% of a
 * default run's CPU on linux-6.1.  Kernel C is almost all ASCII: each call
 * site keeps its set's answers for the 128 ASCII characters in a bitmap,
 * filled from the grammar's own set_contains() at the first ASCII question
 * (atomically: two parser threads may fill it at once, with the same
 * bits); anything else is asked of set_contains() as before.  Built with
 * the dependency's flags (Makefile), not ours.
 */
#include "tree_sitter/parser.h"

/* bm[0..1]: the bits of characters 0-127; bm[2]: non-zero once filled. */
static void al_set_fill(const TSCharacterRange *r, uint32_t len, uint64_t *bm)
{
	uint64_t w[2] = { 0, 0 };
	for (int32_t c = 0; c < 128; c++)
		if ((set_contains)(r, len, c))
			w[c >> 6] |= (uint64_t)1 << (c & 63);
	__atomic_store_n(&bm[0], w[0], __ATOMIC_RELAXED);
	__atomic_store_n(&bm[1], w[1], __ATOMIC_RELAXED);
	__atomic_store_n(&bm[2], 1, __ATOMIC_RELEASE);
}

static inline bool al_set_contains(const TSCharacterRange *r, uint32_t len, int32_t c,
				   uint64_t *bm)
{
	if (c >= 0 && c < 128) {
		if (!__atomic_load_n(&bm[2], __ATOMIC_ACQUIRE))
			al_set_fill(r, len, bm);
		return (__atomic_load_n(&bm[c >> 6], __ATOMIC_RELAXED) >> (c & 63)) & 1;
	}
	return (set_contains)(r, len, c);
}

/* parser.h's include guard keeps parser.c's own #include from defining it
 * again; from here on its calls go through the fast path, each with a
 * bitmap of its own */
#define set_contains(r, len, c) \
	({ static uint64_t al_bm_[3]; al_set_contains(r, len, c, al_bm_); })
#include "parser.c"
#undef set_contains

/* The fast path against the grammar's search, for each character set of
 * the grammar over every code point, -1 (the end of input) and one past
 * the last: the number of answers that differ (tests/unit/test_lexer.c). */
int ts_c_charsets_differ(void);
int ts_c_charsets_differ(void)
{
	static const struct {
		const TSCharacterRange *r;
		uint32_t n;
	} sets[] = {
#define SET(s) { s, sizeof(s) / sizeof(s[0]) }
		SET(sym_identifier_character_set_1),
		SET(sym_identifier_character_set_2),
		SET(sym_number_literal_character_set_13),
#undef SET
	};
	int bad = 0;
	for (size_t k = 0; k < sizeof(sets) / sizeof(sets[0]); k++) {
		uint64_t bm[3] = { 0, 0, 0 };
		for (int32_t c = -1; c <= 0x110000; c++)
			bad += al_set_contains(sets[k].r, sets[k].n, c, bm) !=
			       (set_contains)(sets[k].r, sets[k].n, c);
	}
	return bad;
}
