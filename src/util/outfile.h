/* SPDX-License-Identifier: GPL-2.0 */
/*
 * util/outfile — every file addrlimit writes (reports, baselines, the --fix
 * patch, HTML pages, --in-place sources) goes through here: it is written
 * under a temporary name in the same folder and renamed over its final
 * name only when every byte reached the disk without an error, so a reader
 * sees the old file or the new one, never a part.  On SIGINT, SIGTERM or
 * SIGHUP the temporary files of the moment are removed before the process
 * dies of the signal (exit status 128 + signal in a shell).
 *
 * Calls util.c only (error()).
 */
#ifndef ADDRLIMIT_OUTFILE_H
#define ADDRLIMIT_OUTFILE_H

#include <stdbool.h>
#include <stdio.h>
#include <sys/types.h>

struct outfile {
	FILE *f;		/* write the contents here */
	char *path;		/* the final name (a symlink's target when path is one) */
	char *tmp;		/* the temporary name, or NULL: not a regular file (/dev/null, a FIFO), written directly */
	const char *what;	/* as the user named it, for messages */
	int fd;			/* the temporary file, -1 when closed */
	int slot;		/* in the signal handler's list, -1 when none */
	int err;		/* the first errno a write met, 0 if none */
	bool durable;		/* fsync the file and its folder (the user's sources) */
};

/*
 * Install the handler for SIGINT, SIGTERM and SIGHUP that removes the
 * temporary files of the moment and dies of the signal.  Signals that were
 * ignored when the process started stay ignored (nohup, a shell's
 * background job).  Call once, from main(), before any thread starts.
 */
void outfile_signals(void);

/*
 * Start writing `path`.  `durable`: fsync the contents and the folder
 * before and after the rename (for the user's own files).  An existing
 * file keeps its mode and, where allowed, its owner; a new one gets
 * 0666 less the umask.  Returns 0, or -1 after error() said why.
 */
int outfile_open(struct outfile *of, const char *path, bool durable);

/*
 * Finish: flush, fsync when durable, close, rename over the final name.
 * On any error (a write, the fsync, the close or the rename) the temporary
 * file is removed, the final name is left as it was, and error() says
 * "cannot write 'PATH': REASON".  Returns 0 or -1.
 */
int outfile_commit(struct outfile *of);

/* Give up: close and remove the temporary file.  Safe after a failed
 * outfile_commit and on a zeroed struct. */
void outfile_abort(struct outfile *of);

/* Write `len` bytes of `data` as the whole new contents of `path`
 * (outfile_open, fwrite, outfile_commit). */
int outfile_write_all(const char *path, const void *data, size_t len, bool durable);

#endif
