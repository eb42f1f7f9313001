// SPDX-License-Identifier: GPL-2.0
/*
 * Fuzz target: body elision over any bytes (as normalised text).  It must
 * keep the length and every newline, change bytes only into blanks, leave
 * every preprocessor line, initialiser and head alone (only bytes strictly
 * inside a body it reports are blanked), keep every body that names a rule
 * call (unless the token check of locks settles it, when that is on), and
 * remember every name of what it blanked.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "elide.h"
#include "relevance.h"
#include "rules.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static bool name_char(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct rule_set rs;
	if (!rs.v.n) {
		rules_builtin(&rs);
		rules_set(&rs);
	}
	char *raw = malloc(size + 1), *text = malloc(size + 1);
	memcpy(raw, data, size);
	raw[size] = '\0';
	memcpy(text, raw, size + 1);
	struct elision e;
	elide_bodies(raw, text, size, NULL, NULL, false, false, &e);
	size_t blanked = 0;
	for (size_t i = 0; i < size; i++) {
		if (text[i] == raw[i])
			continue;
		if (text[i] != ' ' || raw[i] == '\n')
			abort();
		/* inside a body it left out */
		bool inside = false;
		for (size_t k = 0; k < e.all.n && !inside; k++)
			inside = !e.all.v[k].keep && i > e.all.v[k].open && i < e.all.v[k].close;
		if (!inside)
			abort();
		blanked++;
	}
	if (blanked != e.bytes)
		abort();
	for (size_t k = 0; k < e.all.n; k++) {
		const struct elided_body *b = &e.all.v[k];
		if (b->open >= b->close || b->close >= size || raw[b->open] != '{' || raw[b->close] != '}' ||
		    (k && b->open <= e.all.v[k - 1].close))
			abort();
		if (b->keep)
			continue;
		if (rules_relevant(raw, b->open, b->close + 1))
			abort();
		/* every name of the blanked body is remembered */
		for (size_t i = b->open; i < b->close;) {
			if (!name_char((unsigned char)raw[i])) {
				i++;
				continue;
			}
			size_t j = i;
			while (j < b->close && name_char((unsigned char)raw[j]))
				j++;
			if (!(raw[i] >= '0' && raw[i] <= '9')) {
				uint32_t h = scan_name_hash(raw + i, j - i);
				bool found = false;
				for (uint32_t g = 0; g < e.ngone && !found; g++)
					found = e.gone[g] == h;
				if (!found)
					abort();
			}
			i = j;
		}
	}
	elision_release(&e);
	/* with the token check of locks (locktok.h): the same shape, and a
	 * body left out that names a rule call is one the check settles */
	memcpy(text, raw, size + 1);
	elide_bodies(raw, text, size, NULL, NULL, false, true, &e);
	uint32_t *opens;
	size_t n = elide_settled(raw, raw, size, NULL, &opens);
	for (size_t k = 0; k < e.all.n; k++) {
		const struct elided_body *b = &e.all.v[k];
		bool settled = false;
		for (size_t m = 0; m < n && !settled; m++)
			settled = opens[m] == b->open;
		if (!b->keep && rules_relevant(raw, b->open, b->close + 1) && !settled)
			abort();
	}
	if (e.settled > e.rule_bodies || e.settled > n)
		abort();
	for (size_t i = 0; i < size; i++)
		if (text[i] != raw[i] && (text[i] != ' ' || raw[i] == '\n'))
			abort();
	free(opens);
	elision_release(&e);
	free(raw);
	free(text);
	return 0;
}
