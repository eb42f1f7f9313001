// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for the roots of the findings' graph (fold_cycle_roots(),
 * src/analysis/program_fold.c): a finding without parents is a root; a
 * cycle of findings whose causes only name each other has one root, its
 * lowest; a cycle with a parent outside it has none, nor has a chain
 * into it.
 */
#include <stdio.h>
#include <string.h>

#include "program_int.h"

static int failures;

static void check(bool cond, const char *what)
{
	printf("%s - %s\n", cond ? "ok" : "not ok", what);
	failures += !cond;
}

/* The roots of n nodes whose edges are {node, parent} pairs, as a string
 * of 0/1 into out. */
static void roots(uint32_t n, const uint32_t (*edges)[2], size_t ne, char *out)
{
	uint32_t first[16] = {0}, npar[16] = {0}, par[32] = {0};
	bool root[16];
	size_t k = 0;
	for (uint32_t i = 0; i < n; i++) {
		first[i] = (uint32_t)k;
		for (size_t e = 0; e < ne; e++)
			if (edges[e][0] == i)
				par[k++] = edges[e][1];
		npar[i] = (uint32_t)k - first[i];
	}
	fold_cycle_roots(n, first, npar, par, root);
	for (uint32_t i = 0; i < n; i++)
		out[i] = root[i] ? '1' : '0';
	out[n] = 0;
}

int main(void)
{
	char got[17];
	/* 0 <- 1 <- 2: a chain, its end the root */
	static const uint32_t chain[][2] = { { 1, 0 }, { 2, 1 } };
	roots(3, chain, 2, got);
	check(!strcmp(got, "100"), "a chain has its parentless end as root");

	/* 1 <-> 2, 0 -> 1: a cycle reached from 0, nothing outside it */
	static const uint32_t cyc[][2] = { { 0, 1 }, { 1, 2 }, { 2, 1 } };
	roots(3, cyc, 3, got);
	check(!strcmp(got, "010"), "a cycle with no parent outside it: its lowest node is the root");

	/* 1 <-> 2, 2's other parent 3 (a root): the cycle leads out */
	static const uint32_t out[][2] = { { 0, 1 }, { 1, 2 }, { 2, 1 }, { 2, 3 } };
	roots(4, out, 4, got);
	check(!strcmp(got, "0001"), "a cycle with a parent outside it has no root of its own");

	/* a node that is its own parent (a helper listed behind a wrapper that
	 * calls it back), with a real parent too, and one without */
	static const uint32_t self[][2] = { { 0, 0 }, { 0, 1 }, { 2, 2 } };
	roots(3, self, 3, got);
	check(!strcmp(got, "011"), "a self-loop leads to its other parent; alone it is a root");

	/* two cycles, one feeding the other: 0<->1 (no outside), 2<->3 with parent 1 */
	static const uint32_t two[][2] = { { 0, 1 }, { 1, 0 }, { 2, 3 }, { 3, 2 }, { 3, 1 } };
	roots(4, two, 5, got);
	check(!strcmp(got, "1000"), "of two cycles, only the one with no parent outside has a root");

	roots(0, NULL, 0, got);
	check(!strcmp(got, ""), "no findings, no roots");
	return failures ? 1 : 0;
}
