// SPDX-License-Identifier: GPL-2.0
/*
 * The measured part of bench/oracle-cost.sh: a loop of simulated system
 * calls through the oracle model's entry and exit path (tests/oracle),
 * built once per check form.  Two calls exist: one that only calls out
 * to bench_work(), and one that does the same inside a KERNEL_DS window,
 * as kernel_read() of that era did.  bench_work() lives in another file
 * so that, as in a real system call, the compiler cannot see that the
 * limit survives it and drop the wrapper's check.  bench_loop() makes n
 * calls, every `every`-th of them (0: none) the raising one; callgrind
 * counts only inside it.
 */
#include "oracle/kernel.h"
#include "model.h"

long bench_loop(unsigned long n, unsigned long every);
long bench_work(unsigned long x);

SYSCALL_DEFINE1(bench_nop, unsigned long, x)
{
	return bench_work(x);
}

SYSCALL_DEFINE1(bench_raise, unsigned long, x)
{
	mm_segment_t old_fs = get_fs();
	long ret;

	set_fs(KERNEL_DS);
	ret = bench_work(x);
	set_fs(old_fs);
	return ret;
}

noinline long bench_loop(unsigned long n, unsigned long every)
{
	unsigned long args[6] = { 0 };
	unsigned long k = every;
	long sum = 0;

	for (unsigned long i = 0; i < n; i++) {
		args[0] = i;
		if (every && --k == 0) {
			k = every;
			sum += oracle_do_syscall(__oracle_stub_sys_bench_raise, args);
		} else {
			sum += oracle_do_syscall(__oracle_stub_sys_bench_nop, args);
		}
	}
	return sum;
}
