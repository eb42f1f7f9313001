// SPDX-License-Identifier: GPL-2.0
/*
 * Fuzz target: reading a baseline (--baseline FILE), the one input that is
 * JSON rather than C.  Any bytes must give either a clean error or a set of
 * fingerprints that can be applied to findings.
 */
#include <stdint.h>
#include <stdlib.h>

#include "baseline.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct baseline b;
	char *why = NULL;
	if (baseline_parse((const char *)data, size, &b, &why) == 0) {
		/* apply it to one finding with a fingerprint from the input */
		struct file_result r = { .path = (char *)"x.c" };
		struct finding f = { .id = C_DS_LEAK };
		for (size_t i = 0; i < 16 && i < size; i++)
			f.fingerprint[i] = (char)('a' + (data[i] & 15));
		VEC_PUSH(r.findings.v, f);
		baseline_apply(&b, &r, 1);
		VEC_FREE(r.findings.v);
		baseline_release(&b);
	}
	free(why);
	return 0;
}
