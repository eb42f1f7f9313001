// SPDX-License-Identifier: GPL-2.0
/*
 * The per-file result (struct file_result, addrlimit.h) that every stage
 * fills and the cache stores: its release lives here, below the driver and
 * the cache, so neither has to call the other for it.
 */
#include "addrlimit.h"

#include <stdlib.h>
#include <string.h>

#include "fix.h"

void file_result_release(struct file_result *r)
{
	free(r->scan_hash);
	free(r->path);
	free(r->error);
	free(r->warning);
	free(r->dump);
	findings_release(&r->findings);
	findings_release(&r->silenced);
	suppressions_release(&r->supps);
	tool_notes_release(&r->notes);
	edits_release(&r->edits);
	for (size_t i = 0; i < r->partial.n; i++) {
		free(r->partial.v[i].func);
		free(r->partial.v[i].why);
	}
	VEC_FREE(r->partial);
	memset(r, 0, sizeof(*r));
}
