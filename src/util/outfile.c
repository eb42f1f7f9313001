// SPDX-License-Identifier: GPL-2.0
/*
 * Outputs written whole or not at all (outfile.h): a temporary file beside
 * the final name, written through a stdio stream whose every write is a
 * write(2) on it (so an error is seen where it happens), then fsync (for
 * the user's sources), close and rename.  The temporary names of the
 * moment are kept in fixed slots the signal handler can read.
 */
#include "outfile.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util.h"

/* --- the signal handler's list ------------------------------------------ */

#define SLOTS 8
static char slot_name[SLOTS][PATH_MAX];
static volatile sig_atomic_t slot_live[SLOTS];
static mode_t new_mode = 0666;	/* 0666 less the umask */
static bool mode_known;

static void read_umask(void)
{
	if (mode_known)
		return;
	mode_t m = umask(077);
	umask(m);
	new_mode = 0666 & ~m;
	mode_known = true;
}

/* Only async-signal-safe calls: unlink, signal, sigprocmask, raise, _exit. */
static void on_signal(int sig)
{
	for (int i = 0; i < SLOTS; i++)
		if (slot_live[i])
			unlink(slot_name[i]);
	signal(sig, SIG_DFL);
	sigset_t s;
	sigemptyset(&s);
	sigaddset(&s, sig);
	sigprocmask(SIG_UNBLOCK, &s, NULL);
	raise(sig);
	_exit(128 + sig);
}

void outfile_signals(void)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP };
	read_umask();
	for (size_t i = 0; i < ARRAY_SIZE(sigs); i++) {
		struct sigaction old, sa;
		if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN)
			continue;
		memset(&sa, 0, sizeof(sa));
		sa.sa_handler = on_signal;
		sigfillset(&sa.sa_mask);
		sigaction(sigs[i], &sa, NULL);
	}
}

/* Outputs are written by the main thread only, after the analysis: no
 * lock, but the name must be complete before the handler can see it. */
static int slot_take(const char *name)
{
	size_t len = strlen(name);
	if (len >= PATH_MAX)
		return -1;
	for (int i = 0; i < SLOTS; i++) {
		if (slot_live[i])
			continue;
		memcpy(slot_name[i], name, len + 1);
		__atomic_signal_fence(__ATOMIC_SEQ_CST);
		slot_live[i] = 1;
		return i;
	}
	return -1;
}

static void slot_drop(int i)
{
	if (i >= 0)
		slot_live[i] = 0;
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
}

/* --- one output ---------------------------------------------------------- */

static ssize_t cookie_write(void *cookie, const char *buf, size_t n)
{
	struct outfile *of = cookie;
	size_t done = 0;
	while (done < n) {
		ssize_t w = write(of->fd, buf + done, n - done);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			if (!of->err)
				of->err = w < 0 ? errno : EIO;
			return -1;
		}
		done += (size_t)w;
	}
	return (ssize_t)n;
}

static void release(struct outfile *of)
{
	free(of->path);
	free(of->tmp);
	of->path = of->tmp = NULL;
}

int outfile_open(struct outfile *of, const char *path, bool durable)
{
	memset(of, 0, sizeof(*of));
	of->fd = -1;
	of->slot = -1;
	of->what = path;
	of->durable = durable;
	read_umask();

	struct stat st;
	bool exists = stat(path, &st) == 0;
	if (exists && !S_ISREG(st.st_mode)) {
		/* /dev/null, /dev/stdout on a pipe, a FIFO: nothing to replace */
		of->f = fopen(path, "w");
		if (!of->f)
			return error("cannot write '%s': %s", path, strerror(errno));
		return 0;
	}
	struct stat lst;
	char *real = NULL;
	if (exists && lstat(path, &lst) == 0 && S_ISLNK(lst.st_mode))
		real = realpath(path, NULL);	/* replace the target, keep the link */
	of->path = real ? real : xstrdup(path);
	of->tmp = xasprintf("%s.addrlimit-XXXXXX", of->path);
	/* no signal between the file's creation and its slot: it would stay */
	sigset_t stop, old;
	sigemptyset(&stop);
	sigaddset(&stop, SIGINT);
	sigaddset(&stop, SIGTERM);
	sigaddset(&stop, SIGHUP);
	sigprocmask(SIG_BLOCK, &stop, &old);
	of->fd = mkstemp(of->tmp);
	int e = errno;
	if (of->fd >= 0)
		of->slot = slot_take(of->tmp);
	sigprocmask(SIG_SETMASK, &old, NULL);
	if (of->fd < 0) {
		release(of);
		return error("cannot write '%s': %s", path, strerror(e));
	}
	if (exists) {
		if (fchown(of->fd, st.st_uid, st.st_gid) != 0) {
			/* not allowed: the file becomes ours, as an editor's would */
		}
		fchmod(of->fd, st.st_mode & 07777);
	} else {
		fchmod(of->fd, new_mode);
	}
	static const cookie_io_functions_t io = { .write = cookie_write };
	of->f = fopencookie(of, "w", io);
	if (!of->f) {
		e = errno;
		outfile_abort(of);
		return error("cannot write '%s': %s", path, strerror(e));
	}
	return 0;
}

void outfile_abort(struct outfile *of)
{
	if (of->f)
		fclose(of->f);
	of->f = NULL;
	if (of->fd >= 0)
		close(of->fd);
	of->fd = -1;
	if (of->tmp)
		unlink(of->tmp);
	slot_drop(of->slot);
	of->slot = -1;
	release(of);
}

/* fsync the folder that holds path, so that a rename in it is on disk. */
static int sync_folder(const char *path)
{
	const char *slash = strrchr(path, '/');
	char *dir = slash ? xstrndup(path, slash == path ? 1 : (size_t)(slash - path)) : xstrdup(".");
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	int rc = 0;
	if (fd < 0 || fsync(fd) != 0)
		rc = errno ? errno : EIO;
	if (fd >= 0)
		close(fd);
	free(dir);
	return rc;
}

int outfile_commit(struct outfile *of)
{
	if (!of->f)
		return -1;
	if (!of->tmp) {
		errno = 0;
		bool bad = fflush(of->f) != 0 || ferror(of->f);
		int e = errno;
		if (fclose(of->f) != 0 && !bad) {
			bad = true;
			e = errno;
		}
		of->f = NULL;
		if (bad)
			return error("cannot write '%s': %s", of->what, strerror(e ? e : EIO));
		return 0;
	}
	if ((fflush(of->f) != 0 || ferror(of->f)) && !of->err)
		of->err = EIO;
	fclose(of->f);
	of->f = NULL;
	if (!of->err && of->durable && fsync(of->fd) != 0)
		of->err = errno;
	if (close(of->fd) != 0 && !of->err)
		of->err = errno;
	of->fd = -1;
	if (!of->err && rename(of->tmp, of->path) != 0)
		of->err = errno;
	if (of->err) {
		int e = of->err;
		const char *what = of->what;
		outfile_abort(of);
		return error("cannot write '%s': %s", what, strerror(e));
	}
	slot_drop(of->slot);
	of->slot = -1;
	int e = of->durable ? sync_folder(of->path) : 0;
	release(of);
	if (e)
		return error("'%s' written, but its folder could not be synced: %s", of->what,
			     strerror(e));
	return 0;
}

int outfile_write_all(const char *path, const void *data, size_t len, bool durable)
{
	struct outfile of;
	if (outfile_open(&of, path, durable) < 0)
		return -1;
	if (len && fwrite(data, 1, len, of.f) != len && !of.err)
		of.err = EIO;
	return outfile_commit(&of);
}
