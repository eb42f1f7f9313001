/* SPDX-License-Identifier: GPL-2.0 */
#ifndef ADDRLIMIT_HEAP_H
#define ADDRLIMIT_HEAP_H

/*
 * Put the heap on transparent huge pages (heap.c): called first thing in
 * main(), it executes the program again with glibc's tunables set, or
 * returns when that is not done (or already was).  heap_pages_off() is
 * why not, or NULL when the heap is on huge pages.
 */
void heap_pages(char **argv);
const char *heap_pages_off(void);

#endif
