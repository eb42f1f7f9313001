// SPDX-License-Identifier: GPL-2.0
/*
 * The heap on transparent huge pages.  A whole-tree run holds a few hundred
 * megabytes of small objects (each file's facts, the call graph, the
 * summaries) that it touches once; with 4 KiB pages that is ~100,000 page
 * faults and as many TLB misses afterwards, which on a virtual machine cost
 * a third of an edited re-run (bench/RESULTS.md, "The heap on huge pages").
 * glibc puts its heap on huge pages when asked by a tunable, and only by a
 * tunable: GLIBC_TUNABLES is read once, by the dynamic loader, so the
 * analyzer executes itself again with it set, before it has done anything
 * else.  The three settings go together: hugetlb=1 advises the kernel to
 * back what malloc takes from the system with huge pages; top_pad makes
 * the heap grow 64 MiB at a time, so that what it takes is made of whole
 * huge pages; mmap_threshold keeps the large vectors on that heap instead
 * of a private mapping each.
 *
 * Not done: when the user set GLIBC_TUNABLES (theirs is kept as it is),
 * ADDRLIMIT_HUGEPAGES=0, the kernel's huge pages are "never", the program
 * runs under valgrind (the new image would run outside it) or is built
 * with AddressSanitizer (which has its own allocator), or the executable
 * cannot be found again.
 */
#include "heap.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define TUNABLES "glibc.malloc.hugetlb=1:glibc.malloc.top_pad=67108864:" \
		 "glibc.malloc.mmap_threshold=33554432"
#define MARK "ADDRLIMIT_HUGEPAGES"

#if defined(__SANITIZE_ADDRESS__)
#define HEAP_OWN_ALLOCATOR 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define HEAP_OWN_ALLOCATOR 1
#endif
#endif

static const char *why_not;

/* Does the kernel give huge pages to a region that asks (madvise or
 * always)? */
static bool thp_available(void)
{
	FILE *f = fopen("/sys/kernel/mm/transparent_hugepage/enabled", "r");
	if (!f)
		return false;
	char line[128] = "";
	bool ok = fgets(line, sizeof(line), f) && !strstr(line, "[never]");
	fclose(f);
	return ok;
}

void heap_pages(char **argv)
{
	const char *mark = getenv(MARK);
	const char *tun = getenv("GLIBC_TUNABLES");
	if (mark && !strcmp(mark, "on") && tun && !strcmp(tun, TUNABLES)) {
		/* the image this call executed: its settings are in place */
		why_not = NULL;
		return;
	}
	if (mark && !strcmp(mark, "0")) {
		why_not = "ADDRLIMIT_HUGEPAGES=0";
		return;
	}
	if (tun) {
		why_not = "GLIBC_TUNABLES is set";
		return;
	}
#ifdef HEAP_OWN_ALLOCATOR
	why_not = "built with AddressSanitizer";
	return;
#endif
	const char *pre = getenv("LD_PRELOAD");
	if (pre && strstr(pre, "vgpreload")) {
		why_not = "under valgrind";
		return;
	}
	if (!thp_available()) {
		why_not = "the kernel's transparent huge pages are off";
		return;
	}
	if (setenv("GLIBC_TUNABLES", TUNABLES, 1) == 0 && setenv(MARK, "on", 1) == 0) {
		fflush(NULL);
		execv("/proc/self/exe", argv);
	}
	/* (no /proc, or the executable is gone: go on as we are) */
	unsetenv("GLIBC_TUNABLES");
	unsetenv(MARK);
	why_not = "could not execute /proc/self/exe";
}

const char *heap_pages_off(void)
{
	return why_not;
}
