// SPDX-License-Identifier: GPL-2.0
/*
 * Fuzz target: the rule-file reader (--rules FILE).  Any bytes must give
 * either errors (and no rule added) or rules the engine can use: a good
 * rule set is installed and one small function is checked with it.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "rules.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct rule_set rs = {0};
	struct strbuf err;
	strbuf_init(&err);
	rules_builtin(&rs);
	size_t before = rs.v.n;
	int rc = rules_parse(&rs, (const char *)data, size, "fuzz", &err);
	if (rc != 0 && rs.v.n != before)
		abort();	/* a rejected file must add nothing */
	if (rc == 0) {
		rules_set(&rs);
		static const char text[] = "static long f(struct file *f) { x_get(f); if (a) return -1; x_put(f); return 0; }";
		(void)rules_relevant(text, 0, sizeof(text) - 1);
		for (size_t i = 0; i < rs.v.n; i++)
			(void)rule_allows(&rs.v.v[i], "unsafe_get_user", 15);
		rules_set(NULL);
	}
	strbuf_release(&err);
	rules_release(&rs);
	return 0;
}
