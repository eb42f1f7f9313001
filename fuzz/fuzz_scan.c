// SPDX-License-Identifier: GPL-2.0
/*
 * Fuzz target: the relevance scan over any bytes.  What it must never do
 * is miss what the parse would see: "set_fs" / "force_uaccess_" as a
 * name's end (the test limit_relevant() makes on a function's text:
 * my_set_fs, not offset_fsb) must set SC_LIMIT, "addrlimit" must set
 * SC_MARK, and each name must be among the hashes kept for the file.
 * The scan without names (scan_flags_text) must give the same flags, with
 * every check on and with only the address limit's.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "relevance.h"
#include "rules.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static bool name_char(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/* sub in t as the end of a name (or, ending in '_', as its start or a
 * part after an underscore): no letter or digit before it, no name
 * character after it unless it ends in '_' (limit_relevant()'s test) */
static bool part(const char *t, size_t size, const char *sub)
{
	size_t m = strlen(sub);
	for (size_t i = 0; i + m <= size; i++) {
		if (memcmp(t + i, sub, m))
			continue;
		bool before = i > 0 && name_char((unsigned char)t[i - 1]) && t[i - 1] != '_';
		bool after = sub[m - 1] != '_' && i + m < size && name_char((unsigned char)t[i + m]);
		if (!before && !after)
			return true;
	}
	return false;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct opts o, lim;
	static struct rule_set rs;
	if (!rs.v.n) {
		for (int i = 0; i < C__COUNT; i++)
			o.enabled[i] = true;
		lim = o;
		lim.enabled[C_PAIR_UNBALANCED] = lim.enabled[C_LOCK_HELD_RETURN] = false;
		lim.enabled[C_UACCESS_CALL] = lim.enabled[C_LOCK_UNBALANCED] = false;
		lim.enabled[C_LOCK_RELEASE_UNHELD] = lim.enabled[C_LOCK_DOUBLE_ACQUIRE] = false;
		if (pair_checks_on(&lim))
			abort();
		rules_builtin(&rs);
		rules_set(&rs);
	}
	const char *t = (const char *)data;
	struct scan s = {0};
	scan_text(&o, t, size, &s);
	bool limit = part(t, size, "set_fs") || part(t, size, "force_uaccess_");
	if (limit != !!(s.flags & SC_LIMIT))
		abort();
	if (!!memmem(t, size, "addrlimit", 9) != !!(s.flags & SC_MARK))
		abort();
	/* every name (a run of name characters not starting with a digit) is kept */
	for (size_t i = 0; i < size;) {
		if (!name_char((unsigned char)t[i])) {
			i++;
			continue;
		}
		size_t j = i;
		while (j < size && name_char((unsigned char)t[j]))
			j++;
		if (!(t[i] >= '0' && t[i] <= '9')) {
			uint32_t h = scan_name_hash(t + i, j - i);
			bool found = false;
			for (uint32_t k = 0; k < s.nhash && !found; k++)
				found = s.hash[k] == h;
			if (!found)
				abort();
		}
		i = j;
	}
	for (int k = 0; k < 2; k++) {
		const struct opts *with = k ? &lim : &o;
		struct scan a = {0}, b = {0};
		scan_text(with, t, size, &a);
		scan_flags_text(with, t, size, &b);
		if (a.flags != b.flags || !b.names_later || b.hash || a.names_later)
			abort();
		scan_release(&a);
		scan_release(&b);
	}
	scan_release(&s);
	return 0;
}
