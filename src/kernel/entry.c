// SPDX-License-Identifier: GPL-2.0
/*
 * Entry-point discovery within one file (see entry.h).  Designated
 * initialisers are read from the tree; attribute macros from the text,
 * since at file scope they parse as odd declarations.
 */
#include "entry.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct ops_field {
	const char *strct;	/* struct tag */
	const char *fields;	/* space-separated field names reached from user mode */
	const char *why;
};

static const struct ops_field ops_table[] = {
#define OPS(strct, fields, why) { strct, fields, why },
#define DISTINCTIVE(fields)
#define UNDER_KERNEL_DS(strct, fields)
#include "entry.def"
#undef OPS
#undef DISTINCTIVE
#undef UNDER_KERNEL_DS
};

/* Fields distinctive enough that `x->field = fn` registers fn whatever x is. */
static const char distinctive[] =
#define OPS(strct, fields, why)
#define DISTINCTIVE(fields) fields
#define UNDER_KERNEL_DS(strct, fields)
#include "entry.def"
#undef OPS
#undef DISTINCTIVE
#undef UNDER_KERNEL_DS
	;

/* Fields called under KERNEL_DS too (entry.def's UNDER_KERNEL_DS rows). */
static const struct {
	const char *strct, *fields;
} kds_table[] = {
#define OPS(strct, fields, why)
#define DISTINCTIVE(fields)
#define UNDER_KERNEL_DS(strct, fields) { strct, fields },
#include "entry.def"
#undef OPS
#undef DISTINCTIVE
#undef UNDER_KERNEL_DS
};

static bool word_in(const char *list, const char *w, size_t len)
{
	const char *p = list;
	while (*p) {
		const char *e = strchr(p, ' ');
		size_t n = e ? (size_t)(e - p) : strlen(p);
		if (n == len && !memcmp(p, w, len))
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

const char *entry_syscall(const char *name)
{
	if (!strncmp(name, "sys_", 4) || !strncmp(name, "compat_sys_", 11))
		return "system call";
	return NULL;
}

bool entry_kernel_ds(const char *why, const char *field, size_t len)
{
	for (size_t k = 0; k < ARRAY_SIZE(kds_table); k++) {
		if (!word_in(kds_table[k].fields, field, len))
			continue;
		for (size_t i = 0; i < ARRAY_SIZE(ops_table); i++)
			if (!strcmp(ops_table[i].strct, kds_table[k].strct) &&
			    !strcmp(ops_table[i].why, why))
				return true;
	}
	return false;
}

bool entry_kernel_ds_field(const char *field, size_t len)
{
	for (size_t k = 0; k < ARRAY_SIZE(kds_table); k++)
		if (word_in(kds_table[k].fields, field, len))
			return true;
	return false;
}

const char *entries_lookup(const struct entries *es, const char *name)
{
	for (size_t i = 0; i < es->v.n; i++)
		if (!strcmp(es->v.v[i].name, name))
			return es->v.v[i].why;
	return entry_syscall(name);
}

void entries_release(struct entries *es)
{
	for (size_t i = 0; i < es->v.n; i++)
		free(es->v.v[i].name);
	VEC_FREE(es->v);
}

/* A designated initialiser list of a known ops struct: record its handlers. */
static void scan_init(struct entries *es, TSNode list, const char *text,
		      const struct ops_field *ops, int depth)
{
	if (depth > 16)
		return;
	uint32_t c = ts_node_named_child_count(list);
	for (uint32_t i = 0; i < c; i++) {
		TSNode ch = ts_node_named_child(list, i);
		if (node_is(ch, S_initializer_list)) {
			scan_init(es, ch, text, ops, depth + 1);	/* arrays of ops */
			continue;
		}
		if (!node_is(ch, S_initializer_pair))
			continue;
		TSNode des = node_field(ch, "designator");
		TSNode val = strip_parens(node_field(ch, "value"));
		if (node_is(val, S_pointer_expression))
			val = strip_parens(node_field(val, "argument"));
		if (node_is(des, S_field_designator))
			des = ts_node_named_child(des, 0);
		if (ts_node_is_null(des) || !node_is(val, S_identifier))
			continue;
		if (word_in(ops->fields, node_ptr(des, text), node_len(des)))
			entries_add(es, node_ptr(val, text), node_len(val), ops->why);
	}
}

static void scan_decl(struct entries *es, TSNode decl, const char *text)
{
	TSNode type = node_field(decl, "type");
	if (!node_is(type, S_struct_specifier))
		return;
	TSNode tag = node_field(type, "name");
	if (ts_node_is_null(tag))
		return;
	const struct ops_field *ops = NULL;
	for (size_t i = 0; i < ARRAY_SIZE(ops_table); i++)
		if (node_text_is(tag, text, ops_table[i].strct))
			ops = &ops_table[i];
	if (!ops)
		return;
	uint32_t c = ts_node_named_child_count(decl);
	for (uint32_t i = 0; i < c; i++) {
		TSNode ch = ts_node_named_child(decl, i);
		if (!node_is(ch, S_init_declarator))
			continue;
		TSNode val = node_field(ch, "value");
		if (node_is(val, S_initializer_list))
			scan_init(es, val, text, ops, 0);
	}
}

/* The struct tag in a declaration's type, or NULL. */
static const char *struct_tag(TSNode decl, const char *text, size_t *len)
{
	TSNode type = node_field(decl, "type");
	if (!node_is(type, S_struct_specifier))
		return NULL;
	TSNode tag = node_field(type, "name");
	if (ts_node_is_null(tag))
		return NULL;
	*len = node_len(tag);
	return node_ptr(tag, text);
}

/* Does declaration `decl` declare `name`? */
static bool declares(TSNode decl, const char *name, size_t len, const char *text)
{
	uint32_t c = ts_node_named_child_count(decl);
	for (uint32_t i = 0; i < c; i++) {
		TSNode ch = ts_node_named_child(decl, i);
		TSNode id = node_is(ch, S_init_declarator) ? declarator_name(node_field(ch, "declarator"))
							   : declarator_name(ch);
		if (!ts_node_is_null(id) && node_len(id) == len && !memcmp(node_ptr(id, text), name, len))
			return true;
	}
	return false;
}

static const char *find_decl(TSNode scope, const char *name, size_t len, const char *text,
			     size_t *tlen, int depth)
{
	if (depth > 40)
		return NULL;
	uint32_t c = ts_node_named_child_count(scope);
	for (uint32_t i = 0; i < c; i++) {
		TSNode ch = ts_node_named_child(scope, i);
		if ((node_is(ch, S_declaration) || node_is(ch, S_parameter_declaration)) &&
		    declares(ch, name, len, text)) {
			const char *t = struct_tag(ch, text, tlen);
			if (t)
				return t;
		} else if (node_is(ch, S_compound_statement) || node_is(ch, S_parameter_list) ||
			   node_is(ch, S_function_declarator) || node_is(ch, S_preproc_if) ||
			   node_is(ch, S_preproc_ifdef) || node_is(ch, S_preproc_else)) {
			const char *t = find_decl(ch, name, len, text, tlen, depth + 1);
			if (t)
				return t;
		}
	}
	return NULL;
}

/* The struct type `name` is declared with where `at` uses it: the
 * enclosing function's parameters and locals, then the file scope. */
static const char *declared_struct(TSNode at, const char *name, size_t len, const char *text,
				   size_t *tlen)
{
	TSNode n = at;
	for (int guard = 0; guard < 200 && !ts_node_is_null(n); guard++) {
		if (node_is(n, S_function_definition)) {
			const char *t = find_decl(node_field(n, "declarator"), name, len, text, tlen, 0);
			if (!t)
				t = find_decl(node_field(n, "body"), name, len, text, tlen, 0);
			if (t)
				return t;
		} else if (node_is(n, S_translation_unit)) {
			return find_decl(n, name, len, text, tlen, 0);
		}
		n = ts_node_parent(n);
	}
	return NULL;
}

/* `fops.unlocked_ioctl = fn;`, `ops->proc_write = fn;`, `attr.store = fn;` */
static void scan_assign(struct entries *es, TSNode n, const char *text)
{
	TSNode lhs = strip_parens(node_field(n, "left"));
	TSNode val = strip_parens(node_field(n, "right"));
	if (node_is(val, S_pointer_expression))
		val = strip_parens(node_field(val, "argument"));
	if (!node_is(lhs, S_field_expression) || !node_is(val, S_identifier))
		return;
	TSNode field = node_field(lhs, "field");
	TSNode base = node_field(lhs, "argument");
	if (ts_node_is_null(field) || ts_node_is_null(base))
		return;
	const char *f = node_ptr(field, text);
	size_t flen = node_len(field);
	const char *b = node_ptr(base, text);
	size_t blen = node_len(base);
	bool fops = memmem(b, blen, "fop", 3) || memmem(b, blen, "f_op", 4) ||
		    memmem(b, blen, "file_op", 7) || memmem(b, blen, "proc_op", 7);
	bool attr = memmem(b, blen, "attr", 4) != NULL;
	/* the declared struct type of the object, when it is a plain name */
	const char *tag = NULL;
	size_t tlen = 0;
	TSNode bid = strip_parens(base);
	if (node_is(bid, S_pointer_expression))
		bid = strip_parens(node_field(bid, "argument"));
	if (node_is(bid, S_identifier))
		tag = declared_struct(n, node_ptr(bid, text), node_len(bid), text, &tlen);
	for (size_t i = 0; i < ARRAY_SIZE(ops_table); i++) {
		const struct ops_field *ops = &ops_table[i];
		if (!word_in(ops->fields, f, flen))
			continue;
		if (tag) {
			if (strlen(ops->strct) == tlen && !memcmp(ops->strct, tag, tlen)) {
				entries_add(es, node_ptr(val, text), node_len(val), ops->why);
				return;
			}
			continue;
		}
		bool sysfs = !strcmp(ops->why, "sysfs attribute handler");
		if (word_in(distinctive, f, flen) || (fops && i == 0) || (attr && sysfs)) {
			entries_add(es, node_ptr(val, text), node_len(val), ops->why);
			return;
		}
	}
}

void entries_note_assignment(struct entries *es, TSNode n, const char *text)
{
	if (node_is(n, S_assignment_expression))
		scan_assign(es, n, text);
}

static void scan_tree(struct entries *es, TSNode n, const char *text, int depth)
{
	if (depth > 64)
		return;
	node_vec kids = {0};
	node_children(n, &kids);
	for (size_t i = 0; i < kids.n; i++) {
		TSNode ch = kids.v[i];
		if (node_is(ch, S_declaration))
			scan_decl(es, ch, text);
		else if (!node_is(ch, S_function_definition) && ts_node_named_child_count(ch))
			scan_tree(es, ch, text, depth + 1);	/* #ifdef arms, ERROR nodes */
	}
	VEC_FREE(kids);
}

/* DEVICE_ATTR(name, mode, show, store), DEVICE_ATTR_RW(name), __ATTR(...)... */
static void scan_attr_macros(struct entries *es, const char *text, size_t len)
{
	const char *p = text, *end = text + len;
	while ((p = memmem(p, (size_t)(end - p), "ATTR", 4))) {
		const char *a = p;
		while (a > text && (isalnum((unsigned char)a[-1]) || a[-1] == '_'))
			a--;
		const char *e = p + 4;
		while (e < end && (isalnum((unsigned char)*e) || *e == '_'))
			e++;
		p = e;
		size_t nlen = (size_t)(e - a);
		const char *q = e;
		while (q < end && (*q == ' ' || *q == '\t'))
			q++;
		if (q >= end || *q != '(' || nlen > 40)
			continue;
		/* the macro's name decides which arguments are handlers */
		char name[48];
		memcpy(name, a, nlen);
		name[nlen] = '\0';
		const char *suffix = strstr(name, "ATTR");
		if (!suffix || (a > text && a[-1] != '\n' && a[-1] != ' ' && a[-1] != '\t' &&
				a[-1] != '=' && a[-1] != ',' && a[-1] != '{' && a[-1] != '('))
			continue;
		suffix += 4;
		/* split arguments */
		const char *args[6];
		size_t alen[6];
		int na = 0, depth = 0;
		const char *s = q + 1;
		for (const char *t = q + 1; t < end && na < 6; t++) {
			if (*t == '(') {
				depth++;
			} else if (*t == ')' && depth) {
				depth--;
			} else if ((*t == ',' || *t == ')') && depth == 0) {
				while (s < t && isspace((unsigned char)*s))
					s++;
				const char *u = t;
				while (u > s && isspace((unsigned char)u[-1]))
					u--;
				args[na] = s;
				alen[na++] = (size_t)(u - s);
				s = t + 1;
				if (*t == ')')
					break;
			} else if (*t == ';' || *t == '{') {
				break;
			}
		}
		const char *why = "sysfs attribute handler";
		char buf[160];
		bool rw = !strcmp(suffix, "_RW") || !strcmp(suffix, "_ADMIN_RW");
		bool ro = !strcmp(suffix, "_RO") || !strcmp(suffix, "_ADMIN_RO");
		bool wo = !strcmp(suffix, "_WO");
		if ((rw || ro || wo) && na >= 1 && alen[0] && alen[0] < 100) {
			if (rw || ro) {
				snprintf(buf, sizeof(buf), "%.*s_show", (int)alen[0], args[0]);
				entries_add(es, buf, strlen(buf), why);
			}
			if (rw || wo) {
				snprintf(buf, sizeof(buf), "%.*s_store", (int)alen[0], args[0]);
				entries_add(es, buf, strlen(buf), why);
			}
		} else if (!*suffix && na == 4) {
			for (int k = 2; k < 4; k++) {
				bool ident = alen[k] > 0;
				for (size_t j = 0; j < alen[k]; j++)
					ident &= isalnum((unsigned char)args[k][j]) || args[k][j] == '_';
				if (ident && !(alen[k] == 4 && !memcmp(args[k], "NULL", 4)))
					entries_add(es, args[k], alen[k], why);
			}
		}
	}
}

void entries_find(struct entries *es, TSNode root, const char *text, size_t len)
{
	scan_tree(es, root, text, 0);
	scan_attr_macros(es, text, len);
}
