// SPDX-License-Identifier: GPL-2.0
/*
 * Entry points named by registration macros (entry.def's MACRO rows:
 * DEVICE_ATTR(foo, mode, show, store), DEVICE_ATTR_RW(foo) naming
 * foo_show and foo_store, a vendor's own *ATTR* macros).  Read from the
 * text, since at file scope these parse as odd declarations.
 */
#include "entry_int.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A macro argument that can be part of a handler's name. */
static bool macro_arg_ok(const char *a, size_t len)
{
	if (!len || len >= 100 || (len == 4 && !memcmp(a, "NULL", 4)))
		return false;
	for (size_t j = 0; j < len; j++)
		if (!isalnum((unsigned char)a[j]) && a[j] != '_')
			return false;
	return true;
}

/* The handlers a registration macro names, by its handlers spec (entry.def:
 * "2 3" or "0_show 0_store"). */
static void macro_handlers(struct entries *es, const char *spec, const char *why,
			   const char *const *args, const size_t *alen, int na)
{
	for (const char *p = spec; *p;) {
		size_t n = strcspn(p, " ");
		char *end;
		long k = strtol(p, &end, 10);
		/* "0+1_show": two arguments pasted together (CONFIGFS_ATTR) */
		long k2 = -1;
		if (end > p && *end == '+') {
			char *e2;
			k2 = strtol(end + 1, &e2, 10);
			if (e2 == end + 1 || k2 < 0 || k2 >= na)
				k2 = -2;
			end = e2;
		}
		if (end > p && k >= 0 && k < na && k2 != -2 && macro_arg_ok(args[k], alen[k]) &&
		    (k2 < 0 || macro_arg_ok(args[k2], alen[k2]))) {
			char buf[240];
			int m = snprintf(buf, sizeof(buf), "%.*s%.*s%.*s", (int)alen[k], args[k],
					 k2 < 0 ? 0 : (int)alen[k2], k2 < 0 ? "" : args[k2],
					 (int)(p + n - end), end);
			if (m > 0 && (size_t)m < sizeof(buf))
				entries_add(es, buf, (size_t)m, why);
		}
		p += n + (p[n] == ' ');
	}
}

/* MACRO rows, and vendor attribute macros by their names: DEVICE_ATTR(name,
 * mode, show, store), DEVICE_ATTR_RW(name), SOC_SINGLE_EXT(...)...  Read
 * from the text, since at file scope they parse as odd declarations. */
void entry_scan_macros(struct entries *es, const char *text, size_t len)
{
	/* the first letters of the macros' names (`module_init`, the capitals) */
	bool first[256] = { ['_'] = true };
	for (int c = 'A'; c <= 'Z'; c++)
		first[c] = true;
	for (size_t i = 0; i < entry_nrows; i++)
		if (entry_rows[i].kind == R_MACRO)
			first[(unsigned char)entry_rows[i].name[0]] = true;
	const char *p = text, *end = text + len;
	while (p < end) {
		/* the next name that starts with one of them */
		while (p < end && !first[(unsigned char)*p])
			p++;
		const char *a = p;
		if (a > text && (isalnum((unsigned char)a[-1]) || a[-1] == '_')) {
			while (p < end && (isalnum((unsigned char)*p) || *p == '_'))
				p++;
			continue;
		}
		while (p < end && (isalnum((unsigned char)*p) || *p == '_'))
			p++;
		size_t nlen = (size_t)(p - a);
		const char *q = p;
		while (q < end && (*q == ' ' || *q == '\t'))
			q++;
		if (q >= end || nlen > 40 || nlen < 4)
			continue;
		const struct row *r = entry_row_named(R_MACRO, a, nlen);
		/* (a row's call at file scope with no ';' after it and names
		 * for arguments reaches here spelled as a declaration,
		 * `HANDLE_IOCTL TIOCGSERIAL, serial_struct_ioctl;`: the
		 * normaliser's '(' is the one blank after the name, its ')' the ';') */
		bool decl = r && *q != '(' && q == p + 1 && *p == ' ';
		if (*q != '(' && !decl)
			continue;
		if (decl)
			q = p;
		const char *attr = memmem(a, nlen, "ATTR", 4);
		if (!r && !attr)
			continue;
		if (a > text && a[-1] != '\n' && a[-1] != ' ' && a[-1] != '\t' && a[-1] != '=' &&
		    a[-1] != ',' && a[-1] != '{' && a[-1] != '(')
			continue;
		const char *args[10];
		size_t alen[10];
		int na = 0, depth = 0;
		const char *s = q + 1;
		for (const char *t = q + 1; t < end && na < 10; t++) {
			if (*t == '(') {
				depth++;
			} else if (*t == ')' && depth) {
				depth--;
			} else if ((*t == ',' || *t == ')' || (decl && *t == ';')) && depth == 0) {
				while (s < t && isspace((unsigned char)*s))
					s++;
				const char *u = t;
				while (u > s && isspace((unsigned char)u[-1]))
					u--;
				args[na] = s;
				alen[na++] = (size_t)(u - s);
				s = t + 1;
				if (*t != ',')
					break;
			} else if (*t == ';' || *t == '{') {
				break;
			}
		}
		if (r) {
			macro_handlers(es, r->list, r->why, args, alen, na);
			continue;
		}
		/* a vendor macro named like the attribute macros */
		const char *suffix = attr + 4;
		size_t slen = nlen - (size_t)(suffix - a);
		const char *why = "sysfs attribute handler";
		if ((slen == 3 || (slen == 9 && !memcmp(suffix, "_ADMIN", 6))) &&
		    (!memcmp(suffix + slen - 3, "_RW", 3) || !memcmp(suffix + slen - 3, "_RO", 3) ||
		     !memcmp(suffix + slen - 3, "_WO", 3))) {
			char c = suffix[slen - 2];
			macro_handlers(es, c == 'R' && suffix[slen - 1] == 'W' ? "0_show 0_store"
					   : c == 'R' ? "0_show" : "0_store", why, args, alen, na);
		} else if (!slen && na == 4) {
			macro_handlers(es, "2 3", why, args, alen, na);
		}
	}
}
