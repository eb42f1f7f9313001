// SPDX-License-Identifier: GPL-2.0
// The intraprocedural core of ds-leak/ds-unbalanced as a Coccinelle rule,
// written for addrlimit's benchmark (bench/bench.sh): a path from
// set_fs(KERNEL_DS) to a return with no set_fs() in between.  Coccinelle
// has no summaries, entry points or cross-file paths, so it finds less;
// the benchmark compares the cost of reading a tree, not the results.
@r exists@
expression E;
@@
 set_fs(KERNEL_DS);
 ... when != set_fs(E)
* return ...;
