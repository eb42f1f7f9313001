// SPDX-License-Identifier: GPL-2.0
/* The progress line (see progress.h). */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include "progress.h"
#include "util.h"

static struct {
	bool on;
	size_t files, done;
	bool checking;		/* the second pass has drawn its first line */
	double last;
	int width;
	pthread_mutex_t lock;
} pg = { .lock = PTHREAD_MUTEX_INITIALIZER };

static double now(void)
{
	return mono_seconds();
}

void progress_start(bool on, size_t files)
{
	pg.on = on;
	pg.files = files;
	pg.done = 0;
	pg.checking = false;
	pg.last = 0;
	struct winsize ws;
	pg.width = ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 20 ? ws.ws_col : 80;
}

/* Redraw when a tenth of a second has passed; the caller holds the lock. */
static void draw(const char *line, bool force)
{
	double t = now();
	if (!force && t - pg.last < 0.1)
		return;
	pg.last = t;
	fprintf(stderr, "\r\033[K%.*s", pg.width - 1, line);
	fflush(stderr);
}

void progress_file(const char *path)
{
	if (!pg.on)
		return;
	pthread_mutex_lock(&pg.lock);
	pg.done++;
	char dir[512];
	const char *slash = strrchr(path, '/');
	int dl = slash ? (int)(slash - path) : 1;
	snprintf(dir, sizeof(dir), "%.*s", dl, slash ? path : ".");
	char line[700];
	snprintf(line, sizeof(line), "addrlimit: reading %zu/%zu files  %s", pg.done, pg.files, dir);
	draw(line, pg.done == pg.files);
	pthread_mutex_unlock(&pg.lock);
}

bool progress_due(void)
{
	/* the first line of the second pass is always drawn */
	return pg.on && (!pg.checking || now() - pg.last >= 0.1);
}

void progress_check(size_t done, size_t total, size_t findings)
{
	if (!pg.on)
		return;
	pthread_mutex_lock(&pg.lock);
	char line[200];
	snprintf(line, sizeof(line), "addrlimit: checking %zu/%zu functions, %zu finding%s so far",
		 done, total, findings, findings == 1 ? "" : "s");
	draw(line, !pg.checking);
	pg.checking = true;
	pthread_mutex_unlock(&pg.lock);
}

void progress_end(void)
{
	if (!pg.on)
		return;
	fputs("\r\033[K", stderr);
	fflush(stderr);
	pg.on = false;
}
