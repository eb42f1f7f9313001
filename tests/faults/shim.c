// SPDX-License-Identifier: GPL-2.0
/*
 * A fault-injection shim for tests/faults.sh, loaded with LD_PRELOAD: the
 * Nth call of the chosen kind on a file whose path holds FAULT_MATCH fails
 * with FAULT_ERRNO, as a full disk, a failing disk or a read-only folder
 * would make it.  Unprivileged; only the process it is loaded into sees it.
 *
 *   FAULT_OPS    comma-separated kinds counted: write (write, pwrite,
 *                pwrite64, writev), fsync (fsync, fdatasync), close, rename,
 *                mkstemp (creating a temporary file); a rename is
 *                matched by either name
 *   FAULT_AT     the call (1-based, among those counted) that fails; 0 or
 *                unset: none fails (only count)
 *   FAULT_STICKY 1: every counted call after FAULT_AT fails too (a full disk)
 *   FAULT_ERRNO  ENOSPC (default), EIO, EROFS, EACCES, EDQUOT
 *   FAULT_MATCH  only files whose path contains one of these strings,
 *                separated by '|' (default: any file but stdin, stdout
 *                and stderr)
 *   FAULT_DELAY_US  sleep this long in each counted call (widens the
 *                windows a kill -9 can land in)
 *   FAULT_COUNT  a file the number of counted calls is written to at exit
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <unistd.h>

enum { K_WRITE = 1, K_FSYNC = 2, K_CLOSE = 4, K_RENAME = 8, K_MKSTEMP = 16 };

static int ops = -1, fail_at, sticky, fail_errno = ENOSPC, delay_us;
static const char *match;
static long calls;

static void setup(void)
{
	if (ops >= 0)
		return;
	const char *s = getenv("FAULT_OPS");
	int o = 0;
	if (s) {
		o |= strstr(s, "write") ? K_WRITE : 0;
		o |= strstr(s, "fsync") ? K_FSYNC : 0;
		o |= strstr(s, "close") ? K_CLOSE : 0;
		o |= strstr(s, "rename") ? K_RENAME : 0;
		o |= strstr(s, "mkstemp") ? K_MKSTEMP : 0;
	}
	fail_at = getenv("FAULT_AT") ? atoi(getenv("FAULT_AT")) : 0;
	sticky = getenv("FAULT_STICKY") && atoi(getenv("FAULT_STICKY"));
	delay_us = getenv("FAULT_DELAY_US") ? atoi(getenv("FAULT_DELAY_US")) : 0;
	match = getenv("FAULT_MATCH");
	if (match && !*match)
		match = NULL;
	const char *e = getenv("FAULT_ERRNO");
	if (e) {
		static const struct { const char *n; int v; } names[] = {
			{ "ENOSPC", ENOSPC }, { "EIO", EIO }, { "EROFS", EROFS },
			{ "EACCES", EACCES }, { "EDQUOT", EDQUOT },
		};
		for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
			if (!strcmp(e, names[i].n))
				fail_errno = names[i].v;
	}
	ops = o;
}

__attribute__((destructor)) static void report(void)
{
	const char *f = getenv("FAULT_COUNT");
	if (!f || ops < 0)
		return;
	FILE *fp = fopen(f, "w");
	if (fp) {
		fprintf(fp, "%ld\n", __atomic_load_n(&calls, __ATOMIC_SEQ_CST));
		fclose(fp);
	}
}

static bool contains(const char *path, const char *alts)
{
	for (const char *a = alts;;) {
		const char *bar = strchr(a, '|');
		size_t n = bar ? (size_t)(bar - a) : strlen(a);
		if (n && memmem(path, strlen(path), a, n))
			return true;
		if (!bar)
			return false;
		a = bar + 1;
	}
}

static bool path_matches(const char *path)
{
	setup();
	return !match || (path && contains(path, match));
}

static bool fd_matches(int fd)
{
	setup();
	if (fd <= 2)
		return false;
	if (!match)
		return true;
	char link[64], path[4096];
	snprintf(link, sizeof(link), "/proc/self/fd/%d", fd);
	ssize_t n = readlink(link, path, sizeof(path) - 1);
	if (n <= 0)
		return false;
	path[n] = 0;
	return contains(path, match);
}

/* Count this call; true when it is to fail. */
static bool hit(int kind, bool matches)
{
	setup();
	if (!(ops & kind) || !matches)
		return false;
	long n = __atomic_add_fetch(&calls, 1, __ATOMIC_SEQ_CST);
	if (delay_us)
		usleep((useconds_t)delay_us);
	return fail_at > 0 && (n == fail_at || (sticky && n > fail_at));
}

#define REAL(name) \
	static __typeof__(&name) real_##name; \
	if (!real_##name) \
		real_##name = (__typeof__(&name))dlsym(RTLD_NEXT, #name)

ssize_t write(int fd, const void *buf, size_t n)
{
	REAL(write);
	if (hit(K_WRITE, fd_matches(fd))) {
		errno = fail_errno;
		return -1;
	}
	return real_write(fd, buf, n);
}

ssize_t writev(int fd, const struct iovec *iov, int cnt)
{
	REAL(writev);
	if (hit(K_WRITE, fd_matches(fd))) {
		errno = fail_errno;
		return -1;
	}
	return real_writev(fd, iov, cnt);
}

ssize_t pwrite(int fd, const void *buf, size_t n, off_t off)
{
	REAL(pwrite);
	if (hit(K_WRITE, fd_matches(fd))) {
		errno = fail_errno;
		return -1;
	}
	return real_pwrite(fd, buf, n, off);
}

ssize_t pwrite64(int fd, const void *buf, size_t n, off64_t off)
{
	REAL(pwrite64);
	if (hit(K_WRITE, fd_matches(fd))) {
		errno = fail_errno;
		return -1;
	}
	return real_pwrite64(fd, buf, n, off);
}

int fsync(int fd)
{
	REAL(fsync);
	if (hit(K_FSYNC, fd_matches(fd))) {
		errno = fail_errno == ENOSPC ? EIO : fail_errno;
		return -1;
	}
	return real_fsync(fd);
}

int fdatasync(int fd)
{
	REAL(fdatasync);
	if (hit(K_FSYNC, fd_matches(fd))) {
		errno = fail_errno == ENOSPC ? EIO : fail_errno;
		return -1;
	}
	return real_fdatasync(fd);
}

/* A failed close still releases the descriptor, as Linux's does. */
int close(int fd)
{
	REAL(close);
	bool fail = hit(K_CLOSE, fd_matches(fd));
	int rc = real_close(fd);
	if (fail) {
		errno = fail_errno;
		return -1;
	}
	return rc;
}

int rename(const char *from, const char *to)
{
	REAL(rename);
	if (hit(K_RENAME, path_matches(from) || path_matches(to))) {
		errno = fail_errno;
		return -1;
	}
	return real_rename(from, to);
}

int mkstemp(char *tmpl)
{
	REAL(mkstemp);
	if (hit(K_MKSTEMP, path_matches(tmpl))) {
		errno = fail_errno;
		return -1;
	}
	return real_mkstemp(tmpl);
}
