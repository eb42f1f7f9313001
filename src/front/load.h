/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Loading input: turn the paths the user gave into a sorted list of C
 * files, read each one, and refuse what cannot be C source (binary data,
 * over-large files) with one clear message.  The bytes are kept as read;
 * normalize.c derives the text the parser sees.
 */
#ifndef ADDRLIMIT_LOAD_H
#define ADDRLIMIT_LOAD_H

#include "diag.h"
#include "util.h"

struct source {
	char *path;		/* as given or found under a folder */
	char *raw;		/* the file's bytes, NUL-terminated */
	char *text;		/* normalised copy of raw, same length (normalize.c) */
	char *early;		/* --verify-token-locks: text as the token check read it */
	size_t len;		/* bytes in raw and text */
	uint32_t *line_start;	/* byte offset of each line's first byte */
	size_t nlines;		/* entries in line_start */
	VEC(uint32_t) user_marks;	/* offsets where `__user` stood */
	long bad_utf8;		/* offset of the first invalid UTF-8 byte, or -1 */
	bool refused;		/* after a failed source_load(): refused for what the
				 * file is or holds (binary, over the size limit, not a
				 * regular file), not because it could not be read */
};

typedef VEC(char *) path_list;

/*
 * Add the C files named by `path` to `out`: a file as given, a folder
 * walked for *.c (hidden folders and symlinked folders skipped), in
 * sorted order; the headers (*.h) found in folders go to `headers` when
 * it is not NULL.  With jobs above 1 a folder's subfolders are walked on
 * two threads (the same paths, in the same order).  Returns 0, or -1 after
 * printing why (missing path, a folder with no C files).
 */
int collect_files(const char *path, path_list *out, path_list *headers, int jobs);

/*
 * Read `path` into `src`.  Returns 0, or -1 with *why set to a message
 * (owned by the caller) saying why it was skipped: unreadable, binary,
 * larger than max_size.  On success the caller owns src and releases it
 * with source_release.  Nothing is printed: workers report in file order.
 */
int source_load(struct source *src, const char *path, size_t max_size, char **why);
/*
 * The same for `len` bytes already in memory (copied), reported under the
 * name `path`; the same refusals but for the size limit (fuzz targets).
 */
int source_from_buffer(struct source *src, const char *path, const char *data, size_t len,
		       char **why);
void source_release(struct source *src);

/* Offset of the first byte of s that is not valid UTF-8, or -1. */
long first_bad_utf8(const unsigned char *s, size_t n);

/* 1-based line and byte column of offset `off`. */
void source_pos(const struct source *src, size_t off, unsigned *line, unsigned *col);
/* 1-based column of `off` counted in Unicode code points (for SARIF). */
unsigned source_col_cp(const struct source *src, size_t off);
/* The position (line, byte column, code-point column, offset) of off. */
struct pos source_at(const struct source *src, size_t off);

#endif
