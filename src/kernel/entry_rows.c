// SPDX-License-Identifier: GPL-2.0
/*
 * The rows of entry.def as a table (entry_int.h), and what every part of
 * entry-point discovery asks of it: a row by name, a field in a row's
 * list, the UNDER_KERNEL_DS fields; the list of entry points a file
 * collects (entries_add()).
 */
#include "entry_int.h"

#include <pthread.h>
#include <string.h>

#include "util.h"

const struct row entry_rows[] = {
#define OPS(strct, fields, why) { R_OPS, strct, fields, why, 0 },
#define DISTINCTIVE(fields) { R_DISTINCTIVE, fields, NULL, NULL, 0 },
#define ORDER(strct, members) { R_ORDER, strct, members, NULL, 0 },
#define HINT(strct, subs) { R_HINT, strct, subs, NULL, 0 },
#define PRIVATE(trigger, fields, why) { R_PRIVATE, trigger, fields, why, 0 },
#define UNSEEN(fields, why) { R_UNSEEN, fields, NULL, why, 0 },
#define TYPED(type, why) { R_TYPED, type, NULL, why, 0 },
#define SIGNATURE(index, strct, why) { R_SIGNATURE, strct, NULL, why, index },
#define PARAMS(types, why) { R_PARAMS, types, NULL, why, 0 },
#define CALL(fn, arg, why) { R_CALL, fn, NULL, why, arg },
#define MACRO(name, handlers, why) { R_MACRO, name, handlers, why, 0 },
#define UNDER_KERNEL_DS(strct, fields)
#define REGISTER_CALL(patterns) { R_REG_CALL, patterns, NULL, NULL, 0 },
#define REGISTER_FIELDS(fields) { R_REG_FIELDS, fields, NULL, NULL, 0 },
#define REGISTER_SKIP(structs) { R_REG_SKIP, structs, NULL, NULL, 0 },
#include "entry.def"
#include "entry_undef.h"
};
const size_t entry_nrows = ARRAY_SIZE(entry_rows);

/* Fields called under KERNEL_DS too (entry.def's UNDER_KERNEL_DS rows). */
static const struct {
	const char *strct, *fields;
} kds_table[] = {
#define OPS(strct, fields, why)
#define DISTINCTIVE(fields)
#define ORDER(strct, members)
#define HINT(strct, subs)
#define PRIVATE(trigger, fields, why)
#define UNSEEN(fields, why)
#define TYPED(type, why)
#define SIGNATURE(index, strct, why)
#define PARAMS(types, why)
#define CALL(fn, arg, why)
#define MACRO(name, handlers, why)
#define UNDER_KERNEL_DS(strct, fields) { strct, fields },
#define REGISTER_CALL(patterns)
#define REGISTER_FIELDS(fields)
#define REGISTER_SKIP(structs)
#include "entry.def"
#include "entry_undef.h"
};

/* Every OPS row's fields: the exact words by hash, the prefixes (`foo*`)
 * apart, built once. */
static struct {
	uint64_t *h;		/* hash | 1 of each exact word, 0 empty */
	size_t cap;
	const char *pre[64];	/* prefix patterns (with their `*`) */
	size_t npre;
	bool all;		/* too many prefixes: answer yes */
} ops_fields;
static pthread_once_t ops_once = PTHREAD_ONCE_INIT;

static void ops_fields_build(void)
{
	size_t n = 0;
	for (size_t i = 0; i < entry_nrows; i++)
		if (entry_rows[i].kind == R_OPS)
			for (const char *p = entry_rows[i].list; *p; p++)
				n += *p == ' ';
	ops_fields.cap = 64;
	while (ops_fields.cap < 4 * (n + entry_nrows))
		ops_fields.cap *= 2;
	ops_fields.h = xcalloc(ops_fields.cap, sizeof(uint64_t));
	for (size_t i = 0; i < entry_nrows; i++) {
		if (entry_rows[i].kind != R_OPS)
			continue;
		for (const char *p = entry_rows[i].list; *p;) {
			size_t l = strcspn(p, " ");
			if (l && p[l - 1] == '*') {
				if (ops_fields.npre < ARRAY_SIZE(ops_fields.pre))
					ops_fields.pre[ops_fields.npre++] = p;
				else
					ops_fields.all = true;
			} else if (l) {
				uint64_t v = hash_bytes(p, l, 0) | 1;
				size_t k = v & (ops_fields.cap - 1);
				while (ops_fields.h[k] && ops_fields.h[k] != v)
					k = (k + 1) & (ops_fields.cap - 1);
				ops_fields.h[k] = v;
			}
			p += l + (p[l] == ' ');
		}
	}
}

bool entry_ops_field(const char *f, size_t len)
{
	pthread_once(&ops_once, ops_fields_build);
	if (ops_fields.all)
		return true;
	uint64_t v = hash_bytes(f, len, 0) | 1;
	for (size_t k = v & (ops_fields.cap - 1); ops_fields.h[k]; k = (k + 1) & (ops_fields.cap - 1))
		if (ops_fields.h[k] == v)
			return true;	/* (a collision only costs the full look-up) */
	for (size_t i = 0; i < ops_fields.npre; i++) {
		size_t l = strcspn(ops_fields.pre[i], " ") - 1;
		if (len >= l && !memcmp(ops_fields.pre[i], f, l))
			return true;
	}
	return false;
}

bool entry_word_in(const char *list, const char *w, size_t len)
{
	const char *p = list;
	while (*p) {
		const char *e = strchr(p, ' ');
		size_t n = e ? (size_t)(e - p) : strlen(p);
		if (n == len && !memcmp(p, w, len))
			return true;
		if (n && p[n - 1] == '*' && len >= n - 1 && !memcmp(p, w, n - 1))
			return true;
		if (!e)
			break;
		p = e + 1;
	}
	return false;
}

void entries_add(struct entries *es, const char *name, size_t len, const char *why)
{
	for (size_t i = 0; i < es->v.n; i++)
		if (strlen(es->v.v[i].name) == len && !memcmp(es->v.v[i].name, name, len))
			return;
	struct entry e = { xstrndup(name, len), why };
	VEC_PUSH(es->v, e);
}

const char ENTRY_SYSCALL[] = "system call";
const char ENTRY_COMPAT_IOCTL[] = "compat ioctl handler";
const char ENTRY_ASMLINKAGE[] = "asmlinkage function (called from the assembly)";

const char *entry_syscall(const char *name)
{
	/* (and the 32-bit compat layers' own entries before compat_sys_:
	 * ia64, sparc64, mips, x86-64, s390 and ppc64 named them sys32_,
	 * mips n32 sysn32_) */
	if (!strncmp(name, "sys_", 4) || !strncmp(name, "compat_sys_", 11) ||
	    !strncmp(name, "sys32_", 6) || !strncmp(name, "sysn32_", 7))
		return ENTRY_SYSCALL;
	return NULL;
}

bool entry_kernel_ds(const char *why, const char *field, size_t len)
{
	for (size_t k = 0; k < ARRAY_SIZE(kds_table); k++) {
		if (!entry_word_in(kds_table[k].fields, field, len))
			continue;
		for (size_t i = 0; i < entry_nrows; i++)
			if (entry_rows[i].kind == R_OPS && !strcmp(entry_rows[i].name, kds_table[k].strct) &&
			    !strcmp(entry_rows[i].why, why))
				return true;
	}
	return false;
}

bool entry_kernel_ds_field(const char *field, size_t len)
{
	for (size_t k = 0; k < ARRAY_SIZE(kds_table); k++)
		if (entry_word_in(kds_table[k].fields, field, len))
			return true;
	return false;
}

void entry_kernel_ds_fields(void (*fn)(void *ctx, const char *field, size_t len), void *ctx)
{
	for (size_t k = 0; k < ARRAY_SIZE(kds_table); k++)
		for (const char *p = kds_table[k].fields; *p;) {
			size_t n = strcspn(p, " ");
			if (n)
				fn(ctx, p, n);
			p += n + (p[n] == ' ');
		}
}

/* The rows by kind and name: 1 + the index of the first row of each,
 * open addressing, built once (every struct declaration of a parsed file
 * asks; a walk of every row with strlen() was 0.6% of a run). */
static struct {
	uint32_t *slot;
	size_t cap;
} rows_named;
static pthread_once_t rows_named_once = PTHREAD_ONCE_INIT;

static size_t row_slot(enum row_kind kind, const char *name, size_t len)
{
	return (size_t)hash_bytes(name, len, (uint64_t)kind + 1) & (rows_named.cap - 1);
}

static bool row_is(const struct row *r, enum row_kind kind, const char *name, size_t len)
{
	return r->kind == kind && strlen(r->name) == len && !memcmp(r->name, name, len);
}

static void rows_named_build(void)
{
	rows_named.cap = 64;
	while (rows_named.cap < 2 * entry_nrows)
		rows_named.cap *= 2;
	rows_named.slot = xcalloc(rows_named.cap, sizeof(uint32_t));
	for (size_t i = 0; i < entry_nrows; i++) {
		const struct row *r = &entry_rows[i];
		size_t len = strlen(r->name), k = row_slot(r->kind, r->name, len);
		while (rows_named.slot[k] && !row_is(&entry_rows[rows_named.slot[k] - 1], r->kind,
						     r->name, len))
			k = (k + 1) & (rows_named.cap - 1);
		if (!rows_named.slot[k])	/* (a later row of the same name: the first answers) */
			rows_named.slot[k] = (uint32_t)i + 1;
	}
}

const struct row *entry_row_named(enum row_kind kind, const char *name, size_t len)
{
	pthread_once(&rows_named_once, rows_named_build);
	for (size_t k = row_slot(kind, name, len); rows_named.slot[k];
	     k = (k + 1) & (rows_named.cap - 1))
		if (row_is(&entry_rows[rows_named.slot[k] - 1], kind, name, len))
			return &entry_rows[rows_named.slot[k] - 1];
	return NULL;
}
