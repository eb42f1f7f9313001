// SPDX-License-Identifier: GPL-2.0
/*
 * Fuzz target: the whole pipeline on one file, the path the program
 * takes: analyze_files() (load, normalise, parse, facts, entry points,
 * call graph, summaries, check_limit, suppressions) and both reports.
 * program.c reads a file again by name, so the input goes to a file in
 * /dev/shm (or $TMPDIR) first, one per process.
 */
#include <stdio.h>
#include <unistd.h>

#include "addrlimit.h"
#include "fuzz_common.h"

static char path[256];
static FILE *devnull;

static void cleanup(void)
{
	if (path[0])
		unlink(path);
}

static void setup(void)
{
	const char *dir = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : getenv("TMPDIR");
	snprintf(path, sizeof(path), "%s/addrlimit-fuzz-%ld.c", dir ? dir : "/tmp", (long)getpid());
	devnull = fopen("/dev/null", "w");
	if (!devnull)
		abort();
	parse_init();
	atexit(cleanup);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (!path[0])
		setup();
	FILE *f = fopen(path, "w");
	if (!f)
		abort();
	if (size && fwrite(data, 1, size, f) != size)
		abort();
	if (fclose(f) != 0)
		abort();

	struct opts o = { .format = FMT_TEXT, .jobs = 1, .max_file_size = 32u << 20,
			  .budget = 200000 };
	for (int i = 0; i < C__COUNT; i++)
		o.enabled[i] = true;
	char *paths[1] = { path };
	struct file_result r = {0};	/* the pipeline fills zeroed results (main.c: xcalloc) */
	analyze_files(&o, paths, 1, &r);
	report_text(devnull, &o, &r, 1);
	report_sarif(devnull, &o, &r, 1, NULL, 0, r.error ? 2 : 0);
	file_result_release(&r);
	return 0;
}
