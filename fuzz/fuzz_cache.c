// SPDX-License-Identifier: GPL-2.0
/*
 * Fuzz target: the cache's binary form of one file's results and facts
 * (what --cache reads back from its database).  Any bytes must be either
 * rejected or read into structures that can be written again and freed.
 */
#include <stdint.h>
#include <stdlib.h>

#include "cache.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct file_result r = {0};
	struct file_facts ff = {0};
	if (deser_file(data, size, &r, &ff)) {
		struct strbuf b;
		strbuf_init(&b);
		ser_file(&b, &r, &ff);
		strbuf_release(&b);
	}
	file_result_release(&r);
	facts_release(&ff);
	return 0;
}
