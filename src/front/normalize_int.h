/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the stages of normalisation share (private to src/front/normalize*.c;
 * normalize.h is the public contract).  The stages, in the order they run:
 *
 *   normalize.c         the entry point and the character pass: annotation
 *                       macros blanked, SYSCALL_DEFINEn, iterator macros,
 *                       types as macro arguments, `#define` lines;
 *   normalize_decide.c  first, the arms decided by -D/-include, the
 *                       Makefile's flags, literals and the file's #defines;
 *   normalize_cond.c    conditional groups: the depth across #if arms (used
 *                       by both passes), the groups flattened on the token
 *                       list;
 *   normalize_tokens.c  the token list and the rewrites of expressions,
 *                       literals, asm, offsetof, macro arguments and
 *                       initialisers;
 *   normalize_stmts.c   the rewrites of declarations and statements;
 *   normalize_words.c   the word tables every stage looks words up in.
 *
 * Comments, literals and directive lines are stepped over with lexer.h.
 */
#ifndef ADDRLIMIT_NORMALIZE_INT_H
#define ADDRLIMIT_NORMALIZE_INT_H

#include <ctype.h>
#include <stdint.h>
#include <string.h>

#include "normalize.h"
#include "util.h"

/* ---- words (normalize_words.c) ---------------------------------------- */

/* Which of normalize_words.c's lists a word is in (bits of norm_word_class()). */
enum {
	W_BARE = 1, W_CALL = 2, W_TYPE_OK = 4, W_TYPE_WORD = 8, W_KEYWORD = 16, W_C_TYPE = 32,
};

/* The W_* bits of the word s[0..n), 0 for a word in no list. */
unsigned norm_word_class(const char *s, size_t n);

/* Does [a, b) read as a type (`struct foo *`, `unsigned long`)? */
bool norm_looks_like_type(const char *t, size_t a, size_t b);

/* Can c start, or continue, an identifier?  (c as an unsigned char) */
static inline bool is_ident_start(int c)
{
	return isalpha(c) || c == '_';
}

static inline bool is_ident(int c)
{
	return isalnum(c) || c == '_';
}

/* Blank bytes [a, b) except newlines. */
static inline void blank(char *t, size_t a, size_t b)
{
	for (size_t i = a; i < b; i++)
		if (t[i] != '\n' && t[i] != '\r')
			t[i] = ' ';
}

/* Is s[0, len) one of the n words of list? */
static inline bool in_list(const char *const *list, size_t n, const char *s, size_t len)
{
	for (size_t i = 0; i < n; i++)
		if (strlen(list[i]) == len && memcmp(list[i], s, len) == 0)
			return true;
	return false;
}

/* FNV-1a of s[0, n): the word table's hash, and the arms' skeleton hash. */
static inline uint32_t word_hash(const char *s, size_t n)
{
	uint32_t h = 2166136261u;
	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 16777619u;
	return h;
}

/* ---- tokens (normalize_tokens.c) -------------------------------------- */

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

static inline bool tok_is(const char *t, const struct tok *k, const char *w)
{
	size_t n = strlen(w);
	return k->k == K_ID && k->b - k->a == n && memcmp(t + k->a, w, n) == 0;
}

static inline bool is_kw(const char *t, const struct tok *k)
{
	(void)t;
	return k->k == K_ID && (k->cls & W_KEYWORD);
}

static inline bool is_p(const struct tok *k, char c)
{
	return k->k == K_P && k->c == c;
}

/* Does [a, b) hold a newline? */
static inline bool has_nl(const char *t, size_t a, size_t b)
{
	return memchr(t + a, '\n', b - a) != NULL;
}

/* The token after q, stepping over a bracketed group that opens at q. */
static inline size_t next_sib(const tok_list *tl, size_t q)
{
	const struct tok *k = &tl->v[q];
	if (k->k == K_P && (k->c == '(' || k->c == '[' || k->c == '{') && k->mate != UINT32_MAX &&
	    k->mate > q)
		return k->mate;	/* the caller's q++ steps past it */
	return q;
}

/* Index of the last token of the call whose name is token i, or 0. */
static inline size_t call_end(const tok_list *tl, size_t i)
{
	if (i + 1 < tl->n && is_p(&tl->v[i + 1], '(') && tl->v[i + 1].mate != UINT32_MAX)
		return tl->v[i + 1].mate;
	return 0;
}

/* Index of the previous token that is not a preprocessor line, or SIZE_MAX. */
static inline size_t prev_tok(const tok_list *tl, size_t i)
{
	while (i-- > 0)
		if (tl->v[i].k != K_PP)
			return i;
	return SIZE_MAX;
}

/* The token list of t[0, n) into out (appended; out->n = 0 to refill). */
void norm_tokenize(const char *t, size_t n, tok_list *out);

/* The rewrites of expressions: digit-led names, case ranges, asm templates,
 * string concatenations, offsetof, macro arguments, initialiser elements. */
void norm_fix_expressions(char *t, tok_list *tl);

/* ---- declarations and statements (normalize_stmts.c) ------------------ */

/* The rewrites of declarations and statements, after the expressions'. */
void norm_fix_statements(char *t, tok_list *tl);

/* ---- conditional groups (normalize_cond.c) ---------------------------- */

/*
 * Depth across conditional groups.  Each arm of `#if ... #elif ... #else ...
 * #endif` starts from the depth the group started at, and after `#endif` the
 * depth is the one the first live arm ended at (an `#if 0` arm is dead), so
 * arms that each open a brace (`#ifdef A / if (x) { / #else / if (y) { /
 * #endif`) count once.
 */
struct ppframe {
	int32_t brace[2], paren[2];	/* [0] at the group's start, [1] at the end of its
				 * first live arm */
	size_t snap[2], len[2];	/* bracket-stack copies in ppdepth.pool */
	size_t kept[2];		/* entries copied: the top min(len, PP_SNAP) */
	bool have1;		/* [1] holds the end of the first live arm */
	bool dead;		/* the current arm is `#if 0` */
};

struct ppdepth {
	VEC(struct ppframe) frames;
	VEC(uint32_t) pool;
};

/* Apply the directive kind k ('i', 'e', 'l', 'n') at [a, e) to the depths;
 * `stack`/`sn` is an optional bracket stack restored with them. */
void norm_pp_track(struct ppdepth *d, char k, const char *t, size_t a, size_t e,
		   int32_t *brace, int32_t *paren, uint32_t *stack, size_t *sn);

/* Free what norm_pp_track() allocated in d. */
void norm_pp_release(struct ppdepth *d);

/* Flatten the conditional groups of tl that split one piece of syntax
 * (see normalize_cond.c); true when t changed (then tokenize again). */
bool norm_fix_conditionals(char *t, const tok_list *tl);

/* Blank the arms of the conditional groups of t[0, n) that would not be
 * compiled (normalize_decide.c), where the environment (-D, -include), the Makefile's flags
 * (kb, may be NULL: kbflags.h), the literals or the file's own
 * #define/#undef lines above the condition decide it (ppenv.h). */
struct kbflags;
void norm_decide_conditionals(char *t, size_t n, const struct kbflags *kb);

#endif
