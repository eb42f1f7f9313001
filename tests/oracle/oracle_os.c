// SPDX-License-Identifier: GPL-2.0
/*
 * The host system as the oracle needs it: fixed and shared mappings,
 * a child process per simulated task, fault signals.  Kept apart from
 * model.c because the C library's headers and the kernel's names do not
 * mix in one translation unit (loff_t, current, min, ...).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "model.h"

#ifndef MAP_FIXED_NOREPLACE
#define MAP_FIXED_NOREPLACE 0x100000
#endif

void *oracle_os_map_fixed(unsigned long addr, unsigned long size)
{
	void *p = mmap((void *)addr, size, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);

	if (p == MAP_FAILED)
		return NULL;
	if (p != (void *)addr) {	/* a kernel without MAP_FIXED_NOREPLACE took it as a hint */
		munmap(p, size);
		return NULL;
	}
	return p;
}

void *oracle_os_map_shared(unsigned long size)
{
	void *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);

	return p == MAP_FAILED ? NULL : p;
}

int oracle_os_run_child(void (*fn)(void *), void *arg, unsigned int timeout_s,
			char *why, size_t whylen)
{
	int status;
	pid_t pid;

	fflush(stdout);
	fflush(stderr);
	pid = fork();
	if (pid < 0) {
		snprintf(why, whylen, "fork: %s", strerror(errno));
		return -1;
	}
	if (pid == 0) {
		alarm(timeout_s);
		fn(arg);
		_exit(0);
	}
	while (waitpid(pid, &status, 0) < 0) {
		if (errno != EINTR) {
			snprintf(why, whylen, "waitpid: %s", strerror(errno));
			return -1;
		}
	}
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
		return 0;
	if (WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM)
		snprintf(why, whylen, "did not finish within %us", timeout_s);
	else if (WIFSIGNALED(status))
		snprintf(why, whylen, "killed by signal %d (%s)", WTERMSIG(status),
			 strsignal(WTERMSIG(status)));
	else
		snprintf(why, whylen, "exited with status %d", WEXITSTATUS(status));
	return -1;
}

static void (*fault_handler)(int sig);

static void on_fault(int sig)
{
	fault_handler(sig);
}

void oracle_os_catch_faults(void (*handler)(int sig))
{
	static char altstack[64 * 1024];
	stack_t ss = { .ss_sp = altstack, .ss_size = sizeof(altstack) };
	struct sigaction sa;

	fault_handler = handler;
	sigaltstack(&ss, NULL);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_fault;
	sa.sa_flags = SA_ONSTACK | SA_NODEFER;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGSEGV, &sa, NULL);
	sigaction(SIGBUS, &sa, NULL);
}

const char *oracle_os_getenv(const char *name)
{
	return getenv(name);
}
