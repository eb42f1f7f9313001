// SPDX-License-Identifier: GPL-2.0
/*
 * --stats: the entry points of a run counted by kind (entry.h).  The
 * whole-tree pass counts each function it knows as an entry point once;
 * cli/stats.c prints the kinds, most frequent first.  The kinds' texts are
 * copied: the facts that own them are gone by the time --stats prints.
 */
#include "entry.h"

#include <stdlib.h>
#include <string.h>

static VEC(struct entry_kind_count) tally;

void entry_tally_reset(void)
{
	for (size_t i = 0; i < tally.n; i++)
		free(tally.v[i].why);
	VEC_FREE(tally);
}

void entry_tally_add(const char *why)
{
	for (size_t i = 0; i < tally.n; i++)
		if (!strcmp(tally.v[i].why, why)) {
			tally.v[i].n++;
			return;
		}
	struct entry_kind_count k = { xstrdup(why), 1 };
	VEC_PUSH(tally, k);
}

static int by_count(const void *a, const void *b)
{
	const struct entry_kind_count *x = a, *y = b;
	if (x->n != y->n)
		return x->n < y->n ? 1 : -1;
	return strcmp(x->why, y->why);
}

size_t entry_tally(const struct entry_kind_count **kinds)
{
	if (tally.n > 1)
		qsort(tally.v, tally.n, sizeof(tally.v[0]), by_count);
	*kinds = tally.v;
	return tally.n;
}
