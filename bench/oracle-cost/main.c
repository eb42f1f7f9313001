// SPDX-License-Identifier: GPL-2.0
/* Command line of the oracle-cost benchmark: bench N EVERY. */
#include <stdio.h>
#include <stdlib.h>

long bench_loop(unsigned long n, unsigned long every);
long bench_work(unsigned long x);

/* The body of every simulated call, out of line (see loop.c). */
__attribute__((noinline)) long bench_work(unsigned long x)
{
	return (long)(x & 1);
}

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: %s CALLS EVERY\n", argv[0]);
		return 2;
	}
	printf("%ld\n", bench_loop(strtoul(argv[1], NULL, 10), strtoul(argv[2], NULL, 10)));
	return 0;
}
