// SPDX-License-Identifier: GPL-2.0
/*
 * The tokens of a function body for the token check of locks (locktok.c):
 * words, numbers, literals and single bytes, with the conditional
 * directives among them marked apart.
 */
#ifndef ADDRLIMIT_LOCKTOK_LEX_H
#define ADDRLIMIT_LOCKTOK_LEX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util.h"

struct tok {
	uint32_t at, len;
	char k;			/* 'w' a word, 'n' a number, 's' a literal, else the byte */
};

typedef VEC(struct tok) tok_list;

static inline bool word_start(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static inline bool word_char(unsigned char c)
{
	return word_start(c) || (c >= '0' && c <= '9');
}

/* A conditional directive inside the body, before the token v[at]: a
 * group's `#if`/`#ifdef`/`#ifndef` ('i'), an `#elif`/`#else` ('e'), its
 * `#endif` ('n'). */
struct ppmark {
	uint32_t at;
	char k;
};

typedef VEC(struct ppmark) ppmark_list;

/* The tokens of t[from, to) into out, the conditional directives among
 * them into marks; false at any other preprocessor line (a #define inside
 * a body). */
bool lt_tokenize(const char *t, size_t from, size_t to, tok_list *out, ppmark_list *marks);

#endif
