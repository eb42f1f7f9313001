// SPDX-License-Identifier: GPL-2.0
/*
 * Entry-point discovery within one file (see entry.h).  Designated
 * initialisers, assignments and calls are read from the tree; registration
 * macros from the text (entry_macro.c).
 */
#include "entry_int.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *entries_lookup(const struct entries *es, const char *name)
{
	for (size_t i = 0; i < es->v.n; i++)
		if (!strcmp(es->v.v[i].name, name))
			return es->v.v[i].why;
	return entry_syscall(name);
}

/* The general rule's notes, once settled (or never). */
static void pending_release(struct entries *es)
{
	for (size_t i = 0; i < es->stores.n; i++) {
		struct entry_store *s = &es->stores.v[i];
		free(s->obj);
		free(s->field);
		free(s->val);
		free(s->tag);
	}
	VEC_FREE(es->stores);
	for (size_t i = 0; i < es->regd.n; i++)
		free(es->regd.v[i].obj);
	VEC_FREE(es->regd);
}

void entries_release(struct entries *es)
{
	for (size_t i = 0; i < es->v.n; i++)
		free(es->v.v[i].name);
	VEC_FREE(es->v);
	for (size_t i = 0; i < es->whys.n; i++)
		free(es->whys.v[i]);
	VEC_FREE(es->whys);
	pending_release(es);
}

/* A kind made up for this file, kept as long as es (one copy per text). */
static const char *intern_why(struct entries *es, const char *why)
{
	for (size_t i = 0; i < es->whys.n; i++)
		if (!strcmp(es->whys.v[i], why))
			return es->whys.v[i];
	char *c = xstrdup(why);
	VEC_PUSH(es->whys, c);
	return c;
}

/* What an initializer fills: the fields that are handlers, what a finding
 * calls them and, for a struct defined in the scanned file, its members in
 * order (positional initializers).  typed: every function named is one. */
struct filled {
	const char *fields;
	const char *why;
	const char *strct;	/* an OPS struct: its rows give each field's kind */
	size_t slen;
	const struct members *m;
	bool typed;
	bool unseen;		/* a struct out of view: the UNSEEN rows' fields */
};

#define MAX_MEMBERS 64

/* The members of a struct definition, in order; n is 0 when the order is
 * not known (a conditional member, too many). */
struct members {
	const char *name[MAX_MEMBERS];
	uint8_t len[MAX_MEMBERS];
	size_t n;
};

/* A struct (or a typedef of one) defined in the file with a PRIVATE
 * trigger member, or a struct of an OPS row (its member order). */
struct private_def {
	const char *tag;
	size_t tlen;
	const struct row *kind;
	struct members m;
};

typedef VEC(struct private_def) private_vec;

/* A handler named by the value v (through casts and `&`), if it is a name. */
static void add_value(struct entries *es, TSNode v, const char *text, const char *why)
{
	v = strip_parens(v);
	if (node_is(v, S_pointer_expression))
		v = strip_parens(node_field(v, "argument"));
	if (node_is(v, S_identifier))
		entries_add(es, node_ptr(v, text), node_len(v), why);
}

/* The kind of a handler stored into field f of what k fills, or NULL: for
 * an OPS struct the first of its rows that lists the field; for one out of
 * view, the first UNSEEN row that does. */
static const char *filled_why(const struct filled *k, const char *f, size_t flen)
{
	for (size_t i = 0; k->unseen && i < entry_nrows; i++)
		if (entry_rows[i].kind == R_UNSEEN && entry_word_in(entry_rows[i].name, f, flen))
			return entry_rows[i].why;
	if (k->unseen)
		return NULL;
	if (!k->strct)
		return entry_word_in(k->fields, f, flen) ? k->why : NULL;
	for (size_t i = 0; i < entry_nrows; i++)
		if (entry_rows[i].kind == R_OPS && strlen(entry_rows[i].name) == k->slen &&
		    !memcmp(entry_rows[i].name, k->strct, k->slen) && entry_word_in(entry_rows[i].list, f, flen))
			return entry_rows[i].why;
	return NULL;
}

static long member_index(const struct members *m, const char *name, size_t len)
{
	for (size_t i = 0; i < m->n; i++)
		if (m->len[i] == len && !memcmp(m->name[i], name, len))
			return (long)i;
	return -1;
}

/*
 * The initializer list of a value of the filled kind: `arrays` levels of
 * array first (`[i] = {...}` or `{...}` elements), then the struct, by
 * designator or (its members known) by position.  Without members a list
 * inside the struct's list is read as one more element, as arrays of ops
 * without a declared dimension always were.
 */
static void scan_init(struct entries *es, TSNode list, const char *text, const struct filled *k,
		      int arrays, int depth)
{
	if (depth > 16)
		return;
	node_vec kids = {0};
	node_children(list, &kids);
	long pos = 0;
	for (size_t i = 0; i < kids.n; i++) {
		TSNode ch = kids.v[i];
		if (node_is(ch, S_comment))
			continue;
		TSNode des = {0}, f = {0}, val = ch;
		if (node_is(ch, S_initializer_pair)) {
			des = node_field(ch, "designator");
			f = pair_field(ch);
			val = node_field(ch, "value");
		} else if (node_is(ch, S_assignment_expression) &&
			   node_is(node_field(ch, "left"), S_call_expression)) {
			/* a designator a macro spells: `WX(SIOCSIWMLME) = fn` with
			 * `#define WX(x) [(x) - SIOCIWFIRST]` (zd1211rw) */
			des = node_field(ch, "left");
			val = node_field(ch, "right");
		}
		if (arrays > 0 || k->typed) {
			if (node_is(val, S_initializer_list))
				scan_init(es, val, text, k, arrays - 1, depth + 1);
			else if (k->typed)
				add_value(es, val, text, k->why);
			continue;
		}
		if (!ts_node_is_null(f)) {
			const char *why = filled_why(k, node_ptr(f, text), node_len(f));
			if (why)
				add_value(es, val, text, why);
			pos = k->m ? member_index(k->m, node_ptr(f, text), node_len(f)) + 1 : 0;
			if (pos == 0)
				pos = MAX_MEMBERS;	/* order lost */
			continue;
		}
		if (!ts_node_is_null(des))
			continue;
		if (!k->m) {
			if (node_is(val, S_initializer_list))
				scan_init(es, val, text, k, 0, depth + 1);
			continue;
		}
		const char *why = pos < (long)k->m->n ? filled_why(k, k->m->name[pos], k->m->len[pos])
						      : NULL;
		if (why)
			add_value(es, val, text, why);
		pos++;
	}
	VEC_FREE(kids);
}

/* The number of array dimensions of a declarator (`x[]` is 1). */
static int array_dims(TSNode d)
{
	int n = 0;
	for (int guard = 0; guard < 16 && !ts_node_is_null(d); guard++) {
		if (node_is(d, S_array_declarator))
			n++;
		else if (!node_is(d, S_pointer_declarator) && !node_is(d, S_parenthesized_declarator) &&
			 !node_is(d, S_attributed_declarator))
			break;
		TSNode inner = node_field(d, "declarator");
		if (ts_node_is_null(inner))
			inner = ts_node_named_child(d, 0);
		d = inner;
	}
	return n;
}

static const struct private_def *private_find(const private_vec *pv, const char *tag, size_t len)
{
	for (size_t i = 0; i < pv->n; i++)
		if (pv->v[i].tlen == len && !memcmp(pv->v[i].tag, tag, len))
			return &pv->v[i];
	return NULL;
}

/* A declaration of a value of an entry kind: its initializers' handlers. */
static void scan_decl(struct entries *es, TSNode decl, const char *text, const private_vec *pv)
{
	TSNode type = node_field(decl, "type");
	TSNode tag = node_is(type, S_struct_specifier) ? node_field(type, "name") : type;
	if (!node_is(tag, S_type_identifier))
		return;
	const char *tp = node_ptr(tag, text);
	size_t tl = node_len(tag);
	struct filled k = {0};
	struct members order;
	const struct row *r;
	const struct private_def *pd;
	if (node_is(type, S_struct_specifier) && (r = entry_row_named(R_OPS, tp, tl))) {
		k.strct = r->name;
		k.slen = tl;
		const struct private_def *own = private_find(pv, tp, tl);
		const struct row *o = entry_row_named(R_ORDER, tp, tl);
		if (own && own->m.n) {
			k.m = &own->m;
		} else if (o) {
			order.n = 0;
			for (const char *p = o->list; *p && order.n < MAX_MEMBERS;) {
				size_t n = strcspn(p, " ");
				order.name[order.n] = p;
				order.len[order.n++] = (uint8_t)n;
				p += n + (p[n] == ' ');
			}
			k.m = &order;
		}
	} else if (!node_is(type, S_struct_specifier) && (r = entry_row_named(R_TYPED, tp, tl))) {
		k.why = r->why;
		k.typed = true;
	} else if ((pd = private_find(pv, tp, tl))) {
		k.fields = pd->kind->list;
		k.why = pd->kind->why;
		k.m = pd->m.n ? &pd->m : NULL;
	} else if (!node_is(node_field(type, "body"), S_field_declaration_list)) {
		k.unseen = true;	/* no row, no definition here: its designators */
	} else {
		return;
	}
	uint32_t c = ts_node_named_child_count(decl);
	for (uint32_t i = 0; i < c; i++) {
		TSNode ch = ts_node_named_child(decl, i);
		if (!node_is(ch, S_init_declarator))
			continue;
		TSNode val = node_field(ch, "value");
		if (node_is(val, S_initializer_list))
			scan_init(es, val, text, &k, array_dims(node_field(ch, "declarator")), 0);
	}
}

/* The members of a field declaration list, in order (m->n = 0 when a
 * conditional member makes the order unknown). */
static void read_members(TSNode body, const char *text, struct members *m)
{
	m->n = 0;
	node_vec kids = {0};
	node_children(body, &kids);
	bool known = true;
	for (size_t i = 0; i < kids.n && known; i++) {
		TSNode ch = kids.v[i];
		if (node_is(ch, S_comment))
			continue;
		if (!node_is(ch, S_field_declaration)) {
			known = false;	/* #ifdef'd members, ERROR */
			break;
		}
		uint32_t c = ts_node_named_child_count(ch);
		bool any = false;
		for (uint32_t j = 0; j < c; j++) {
			TSNode d = ts_node_named_child(ch, j);
			if (ts_node_eq(d, node_field(ch, "type")))
				continue;
			TSNode id = declarator_name(d);
			if (!node_is(id, S_field_identifier))
				continue;
			if (m->n == MAX_MEMBERS || node_len(id) > 255) {
				known = false;
				break;
			}
			m->name[m->n] = node_ptr(id, text);
			m->len[m->n++] = (uint8_t)node_len(id);
			any = true;
		}
		if (!any && known) {	/* an anonymous struct or union: one place */
			if (m->n == MAX_MEMBERS) {
				known = false;
				break;
			}
			m->name[m->n] = "";
			m->len[m->n++] = 0;
		}
	}
	VEC_FREE(kids);
	if (!known)
		m->n = 0;
}

/* A struct definition (in a declaration or a typedef): is it a PRIVATE
 * kind?  Kernel structs of the OPS rows never are. */
static void note_struct(private_vec *pv, TSNode type, TSNode tdname, const char *text)
{
	if (!node_is(type, S_struct_specifier))
		return;
	TSNode body = node_field(type, "body");
	TSNode tag = node_field(type, "name");
	if (!node_is(body, S_field_declaration_list))
		return;
	struct members m;
	read_members(body, text, &m);
	const struct row *ops = ts_node_is_null(tag) ? NULL
				: entry_row_named(R_OPS, node_ptr(tag, text), node_len(tag));
	if (ops) {	/* a kernel struct defined in view: its order, for positions */
		struct private_def d = { node_ptr(tag, text), node_len(tag), ops, m };
		if (m.n)
			VEC_PUSH(*pv, d);
		return;
	}
	const struct row *kind = NULL;
	for (size_t i = 0; i < entry_nrows && !kind; i++) {
		if (entry_rows[i].kind != R_PRIVATE)
			continue;
		/* the trigger is looked for among all the members, even when
		 * their order is unknown */
		node_vec kids = {0};
		node_children(body, &kids);
		for (size_t j = 0; j < kids.n && !kind; j++) {
			if (!node_is(kids.v[j], S_field_declaration))
				continue;
			uint32_t c = ts_node_named_child_count(kids.v[j]);
			for (uint32_t q = 0; q < c && !kind; q++) {
				TSNode id = declarator_name(ts_node_named_child(kids.v[j], q));
				if (node_is(id, S_field_identifier) &&
				    entry_word_in(entry_rows[i].name, node_ptr(id, text), node_len(id)))
					kind = &entry_rows[i];
			}
		}
		VEC_FREE(kids);
	}
	if (!kind)
		return;
	struct private_def d = { NULL, 0, kind, m };
	if (!ts_node_is_null(tag)) {
		d.tag = node_ptr(tag, text);
		d.tlen = node_len(tag);
		VEC_PUSH(*pv, d);
	}
	if (!ts_node_is_null(tdname)) {
		d.tag = node_ptr(tdname, text);
		d.tlen = node_len(tdname);
		VEC_PUSH(*pv, d);
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

static const char *member_struct(TSNode at, const char *tag, size_t tl, const char *member,
				 size_t ml, const char *text, size_t *len);

/* The struct tag of `x->m` or `x.m` (bid, used at n) when x is a plain
 * name of a struct defined in the file, or NULL. */
static const char *base_member_struct(TSNode n, TSNode bid, const char *text, size_t *len)
{
	if (!node_is(bid, S_field_expression))
		return NULL;
	TSNode x = strip_parens(node_field(bid, "argument"));
	TSNode m = node_field(bid, "field");
	size_t l0;
	const char *t0 = node_is(x, S_identifier) && !ts_node_is_null(m)
		? declared_struct(n, node_ptr(x, text), node_len(x), text, &l0) : NULL;
	return t0 ? member_struct(n, t0, l0, node_ptr(m, text), node_len(m), text, len) : NULL;
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
	/* every way below needs an OPS row's field */
	if (!entry_ops_field(f, flen))
		return;
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
	else
		tag = base_member_struct(n, bid, text, &tlen);
	for (size_t i = 0; i < entry_nrows; i++) {
		const struct row *ops = &entry_rows[i];
		if (ops->kind == R_HINT && !tag) {
			/* the struct's name from the text of the object */
			const struct row *o = entry_row_named(R_OPS, ops->name, strlen(ops->name));
			bool hit = false;
			for (const char *p = ops->list; *p && !hit;) {
				size_t sl = strcspn(p, " ");
				hit = sl && memmem(b, blen, p, sl);
				p += sl + (p[sl] == ' ');
			}
			if (hit && o && entry_word_in(o->list, f, flen)) {
				entries_add(es, node_ptr(val, text), node_len(val), o->why);
				return;
			}
			continue;
		}
		if (ops->kind != R_OPS || !entry_word_in(ops->list, f, flen))
			continue;
		if (tag) {
			if (strlen(ops->name) == tlen && !memcmp(ops->name, tag, tlen)) {
				entries_add(es, node_ptr(val, text), node_len(val), ops->why);
				return;
			}
			continue;
		}
		bool sysfs = !strcmp(ops->why, "sysfs attribute handler");
		bool distinctive = false;
		for (size_t j = 0; j < entry_nrows && !distinctive; j++)
			distinctive = entry_rows[j].kind == R_DISTINCTIVE && entry_word_in(entry_rows[j].name, f, flen);
		if (distinctive || (fops && !strcmp(ops->name, "file_operations")) || (attr && sysfs)) {
			entries_add(es, node_ptr(val, text), node_len(val), ops->why);
			return;
		}
	}
}

/* --- the general rule: objects passed to registration calls --------------- */

/* Does name[0, len) match a pattern of the REGISTER_CALL rows (`*` at
 * either end of a pattern: any text there)? */
static bool register_call(const char *name, size_t len)
{
	for (size_t i = 0; i < entry_nrows; i++) {
		if (entry_rows[i].kind != R_REG_CALL)
			continue;
		for (const char *p = entry_rows[i].name; *p;) {
			size_t n = strcspn(p, " ");
			bool lead = n && p[0] == '*', trail = n > 1 && p[n - 1] == '*';
			const char *w = p + lead;
			size_t wl = n - lead - trail;
			bool hit;
			if (lead && trail)
				hit = wl && memmem(name, len, w, wl) != NULL;
			else if (lead)
				hit = len >= wl && !memcmp(name + len - wl, w, wl);
			else if (trail)
				hit = len >= wl && !memcmp(name, w, wl);
			else
				hit = len == wl && !memcmp(name, w, wl);
			if (hit)
				return true;
			p += n + (p[n] == ' ');
		}
	}
	return false;
}

static bool register_field(const char *f, size_t len)
{
	for (size_t i = 0; i < entry_nrows; i++)
		if (entry_rows[i].kind == R_REG_FIELDS && entry_word_in(entry_rows[i].name, f, len))
			return true;
	return false;
}

/* Is name declared (with any type) in scope, the way find_decl() looks? */
static bool has_decl(TSNode scope, const char *name, size_t len, const char *text, int depth)
{
	if (depth > 40)
		return false;
	uint32_t c = ts_node_named_child_count(scope);
	for (uint32_t i = 0; i < c; i++) {
		TSNode ch = ts_node_named_child(scope, i);
		if ((node_is(ch, S_declaration) || node_is(ch, S_parameter_declaration)) &&
		    declares(ch, name, len, text))
			return true;
		if ((node_is(ch, S_compound_statement) || node_is(ch, S_parameter_list) ||
		     node_is(ch, S_function_declarator) || node_is(ch, S_preproc_if) ||
		     node_is(ch, S_preproc_ifdef) || node_is(ch, S_preproc_else) ||
		     node_is(ch, S_if_statement) || node_is(ch, S_for_statement) ||
		     node_is(ch, S_while_statement) || node_is(ch, S_do_statement) ||
		     node_is(ch, S_switch_statement) || node_is(ch, S_case_statement)) &&
		    has_decl(ch, name, len, text, depth + 1))
			return true;
	}
	return false;
}

/* The object an expression names (through casts, parens and `&`), as the
 * text both a store and a registration spell it, blanks left out; scope:
 * the start of the function it is local to, 0 for a file-scope name.
 * NULL for anything else (a call, a literal). */
static char *object_key(TSNode e, const char *text, uint32_t *scope, bool *addr)
{
	*addr = false;
	for (int guard = 0; guard < 8; guard++) {
		e = strip_parens(e);
		if (node_is(e, S_cast_expression)) {
			e = node_field(e, "value");
		} else if (node_is(e, S_pointer_expression) &&
			   node_text_is(node_field(e, "operator"), text, "&")) {
			*addr = true;
			e = node_field(e, "argument");
		} else {
			break;
		}
	}
	if (!node_is(e, S_identifier) && !node_is(e, S_field_expression))
		return NULL;
	const char *p = node_ptr(e, text);
	size_t n = node_len(e);
	if (n > 200 || memchr(p, '(', n) || memchr(p, '[', n))
		return NULL;
	char *k = xmalloc(n + 1);
	size_t m = 0;
	for (size_t i = 0; i < n; i++)
		if (!isspace((unsigned char)p[i]))
			k[m++] = p[i];
	k[m] = 0;
	*scope = 0;
	TSNode fn = e;
	while (!ts_node_is_null(fn) && !node_is(fn, S_function_definition))
		fn = ts_node_parent(fn);
	if (ts_node_is_null(fn))
		return k;
	uint32_t at = ts_node_start_byte(fn);
	if (!node_is(e, S_identifier) ||
	    has_decl(node_field(fn, "declarator"), p, n, text, 0) ||
	    has_decl(node_field(fn, "body"), p, n, text, 0))
		*scope = at ? at : 1;
	return k;
}

static void push_store(struct entries *es, char *obj, uint32_t scope, const char *field,
		       size_t flen, TSNode val, const char *text, const char *tag, size_t tlen)
{
	uint32_t vscope = 0;
	bool addr;
	char *v = object_key(val, text, &vscope, &addr);
	bool ident = node_is(strip_parens(val), S_identifier) ||
		     (addr && v && !strchr(v, '.') && !strstr(v, "->"));
	if (!v || !ident || (!addr && !register_field(field, flen))) {
		free(v);
		free(obj);
		return;
	}
	struct entry_store s = { obj, xstrndup(field, flen), v, tag ? xstrndup(tag, tlen) : NULL,
				 scope, vscope, addr };
	VEC_PUSH(es->stores, s);
}

/* The struct tag of member `member` of the struct `tag` defined at the file
 * scope of the tree at holds, or NULL. */
static const char *member_struct(TSNode at, const char *tag, size_t tl, const char *member,
				 size_t ml, const char *text, size_t *len)
{
	TSNode root = at;
	while (!ts_node_is_null(ts_node_parent(root)))
		root = ts_node_parent(root);
	uint32_t c = ts_node_named_child_count(root);
	for (uint32_t i = 0; i < c; i++) {
		TSNode ch = ts_node_named_child(root, i);
		TSNode type = node_is(ch, S_struct_specifier) ? ch : node_field(ch, "type");
		if (!node_is(type, S_struct_specifier))
			continue;
		TSNode name = node_field(type, "name");
		TSNode body = node_field(type, "body");
		if (ts_node_is_null(name) || !node_is(body, S_field_declaration_list) ||
		    node_len(name) != tl || memcmp(node_ptr(name, text), tag, tl))
			continue;
		uint32_t nf = ts_node_named_child_count(body);
		for (uint32_t j = 0; j < nf; j++) {
			TSNode fd = ts_node_named_child(body, j);
			if (!node_is(fd, S_field_declaration))
				continue;
			TSNode ft = node_field(fd, "type");
			if (!node_is(ft, S_struct_specifier))
				continue;
			TSNode fname = node_field(ft, "name");
			if (ts_node_is_null(fname))
				continue;
			uint32_t nd = ts_node_named_child_count(fd);
			for (uint32_t q = 0; q < nd; q++) {
				TSNode id = declarator_name(ts_node_named_child(fd, q));
				if (node_is(id, S_field_identifier) && node_len(id) == ml &&
				    !memcmp(node_ptr(id, text), member, ml)) {
					*len = node_len(fname);
					return node_ptr(fname, text);
				}
			}
		}
	}
	return NULL;
}

/* `x.read = fn;`, `p->ops = &my_ops;`: noted for the general rule. */
static void note_store_assign(struct entries *es, TSNode n, const char *text)
{
	TSNode lhs = strip_parens(node_field(n, "left"));
	TSNode field = node_field(lhs, "field");
	TSNode base = node_field(lhs, "argument");
	if (ts_node_is_null(field) || ts_node_is_null(base))
		return;
	TSNode val = node_field(n, "right");
	bool addr = node_is(strip_parens(val), S_pointer_expression);
	if (!addr && !register_field(node_ptr(field, text), node_len(field)))
		return;
	uint32_t scope;
	bool a;
	char *obj = object_key(base, text, &scope, &a);
	if (!obj)
		return;
	const char *tag = NULL;
	size_t tlen = 0;
	TSNode bid = strip_parens(base);
	if (node_is(bid, S_identifier))
		tag = declared_struct(n, node_ptr(bid, text), node_len(bid), text, &tlen);
	else	/* `t->rng.read = fn`: the type of member rng of t's struct */
		tag = base_member_struct(n, bid, text, &tlen);
	push_store(es, obj, scope, node_ptr(field, text), node_len(field), val, text, tag, tlen);
}

/* The stores of a file-scope initializer of object obj: designated fields,
 * the elements of an array of structs or of pointers to objects. */
static void init_stores(struct entries *es, TSNode list, const char *obj, const char *tag,
			size_t tlen, const char *text, int depth)
{
	if (depth > 4)
		return;
	node_vec kids = {0};
	node_children(list, &kids);
	for (size_t i = 0; i < kids.n; i++) {
		TSNode ch = kids.v[i];
		if (node_is(ch, S_initializer_list)) {
			init_stores(es, ch, obj, tag, tlen, text, depth + 1);
		} else if (node_is(ch, S_initializer_pair)) {
			TSNode f = pair_field(ch);
			TSNode val = node_field(ch, "value");
			if (!ts_node_is_null(f) && !node_is(val, S_initializer_list))
				push_store(es, xstrdup(obj), 0, node_ptr(f, text), node_len(f), val,
					   text, tag, tlen);
			else if (ts_node_is_null(f) && node_is(val, S_initializer_list))
				init_stores(es, val, obj, tag, tlen, text, depth + 1);	/* [i] = {...} */
		} else if (node_is(ch, S_pointer_expression)) {
			push_store(es, xstrdup(obj), 0, "", 0, ch, text, NULL, 0);
		}
	}
	VEC_FREE(kids);
}

static void note_decl_stores(struct entries *es, TSNode decl, const char *text)
{
	TSNode type = node_field(decl, "type");
	TSNode tag = node_is(type, S_struct_specifier) ? node_field(type, "name") : type;
	bool known = node_is(tag, S_type_identifier);
	uint32_t c = ts_node_named_child_count(decl);
	for (uint32_t i = 0; i < c; i++) {
		TSNode ch = ts_node_named_child(decl, i);
		TSNode val = node_field(ch, "value");
		if (!node_is(ch, S_init_declarator) || !node_is(val, S_initializer_list))
			continue;
		TSNode id = declarator_name(node_field(ch, "declarator"));
		if (!node_is(id, S_identifier))
			continue;
		char *obj = xstrndup(node_ptr(id, text), node_len(id));
		init_stores(es, val, obj, known ? node_ptr(tag, text) : NULL,
			    known ? node_len(tag) : 0, text, 0);
		free(obj);
	}
}

/* A call of a registration pattern: every argument that names an object. */
static void note_registered(struct entries *es, TSNode call, TSNode args, const char *name,
			    size_t len, const char *text)
{
	(void)call;
	uint32_t na = ts_node_named_child_count(args);
	char *cn = xstrndup(name, len);
	const char *callname = intern_why(es, cn);
	free(cn);
	for (uint32_t i = 0; i < na && i < 8; i++) {
		uint32_t scope;
		bool addr;
		char *obj = object_key(ts_node_named_child(args, i), text, &scope, &addr);
		if (!obj)
			continue;
		struct entry_regd r = { obj, callname, scope };
		VEC_PUSH(es->regd, r);
	}
}

/* Does the general rule apply to handlers stored into a struct of this
 * tag (or, its type not in view, registered by the call of that name)?
 * Not to one of an OPS row (its rows list its fields) nor one of
 * REGISTER_SKIP. */
static bool general_struct(const char *tag)
{
	for (size_t i = 0; i < entry_nrows; i++) {
		if (entry_rows[i].kind == R_OPS && !strcmp(entry_rows[i].name, tag))
			return false;
		if (entry_rows[i].kind != R_REG_SKIP)
			continue;
		/* the struct, or (its type not in view) a call named after it:
		 * serio_register_port() */
		for (const char *p = entry_rows[i].name; *p;) {
			size_t n = strcspn(p, " ");
			if (n && (entry_word_in(entry_rows[i].name, tag, strlen(tag)) ||
				  (!strncmp(tag, p, n) && tag[n] == '_')))
				return false;
			p += n + (p[n] == ' ');
		}
	}
	return true;
}

/* Settle the general rule: the objects registered (and those whose address
 * they hold, to a few levels) give their handlers' fields a kind. */
static void settle_registered(struct entries *es)
{
	bool *done = xcalloc(es->stores.n + 1, sizeof(bool));
	for (size_t r = 0; r < es->regd.n && r < 4096; r++) {
		/* es->regd grows as objects held by registered ones are found */
		const char *obj = es->regd.v[r].obj;
		uint32_t scope = es->regd.v[r].scope;
		const char *call = es->regd.v[r].call;
		for (size_t i = 0; i < es->stores.n; i++) {
			struct entry_store *s = &es->stores.v[i];
			if (done[i] || s->scope != scope || strcmp(s->obj, obj))
				continue;
			done[i] = true;
			if (!s->addr && !general_struct(s->tag ? s->tag : call))
				continue;
			if (s->addr) {
				struct entry_regd n = { xstrdup(s->val), call, s->vscope };
				VEC_PUSH(es->regd, n);
				continue;
			}
			char *why = s->tag ? xasprintf("registered %s.%s handler", s->tag, s->field)
					   : xasprintf("registered .%s handler (%s)", s->field, call);
			entries_add(es, s->val, strlen(s->val), intern_why(es, why));
			free(why);
		}
	}
	free(done);
}

void entries_note_assignment(struct entries *es, TSNode n, const char *text)
{
	if (!node_is(n, S_assignment_expression))
		return;
	scan_assign(es, n, text);
	if (node_is(strip_parens(node_field(n, "left")), S_field_expression))
		note_store_assign(es, n, text);
}

void entries_note_call(struct entries *es, TSNode call, const char *text)
{
	size_t len;
	const char *name = call_name(call, text, &len);
	if (!name)
		return;
	TSNode args = node_field(call, "arguments");
	uint32_t na = ts_node_named_child_count(args);
	for (size_t i = 0; i < entry_nrows; i++)
		if (entry_rows[i].kind == R_CALL && strlen(entry_rows[i].name) == len &&
		    !memcmp(entry_rows[i].name, name, len) && (uint32_t)entry_rows[i].arg < na)
			add_value(es, ts_node_named_child(args, (uint32_t)entry_rows[i].arg), text, entry_rows[i].why);
	if (register_call(name, len))
		note_registered(es, call, args, name, len, text);
}

/* Does the parameter declaration d have the type t[0, tn) (blanks
 * ignored: "struct file *" for `struct file *file`)? */
static bool param_type_is(TSNode d, const char *text, const char *t, size_t tn)
{
	char buf[128];
	size_t k = 0;
	TSNode type = node_field(d, "type");
	const char *p = node_ptr(type, text);
	for (uint32_t j = 0; j < node_len(type) && k + 2 < sizeof(buf); j++)
		if (!isspace((unsigned char)p[j]))
			buf[k++] = p[j];
	for (TSNode dl = node_field(d, "declarator"); node_is(dl, S_pointer_declarator) && k + 2 < sizeof(buf);
	     dl = node_field(dl, "declarator"))
		buf[k++] = '*';
	size_t m = 0;
	for (size_t j = 0; j < tn; j++)
		if (!isspace((unsigned char)t[j])) {
			if (m >= k || buf[m] != t[j])
				return false;
			m++;
		}
	return m == k;
}

/* Do the n parameter declarations begin with the types of the list
 * "a, b, c"? */
static bool params_are(const TSNode *decls, int n, const char *text, const char *list)
{
	int k = 0;
	for (const char *p = list; *p; k++) {
		size_t len = strcspn(p, ",");
		if (k >= n || !param_type_is(decls[k], text, p, len))
			return false;
		p += len + (p[len] == ',');
	}
	return k > 0;
}

void entries_note_params(struct entries *es, const char *name, const TSNode *decls, int n,
			 const char *text)
{
	for (size_t i = 0; i < entry_nrows; i++) {
		if (entry_rows[i].kind == R_PARAMS && params_are(decls, n, text, entry_rows[i].name)) {
			entries_add(es, name, strlen(name), entry_rows[i].why);
			return;
		}
		if (entry_rows[i].kind != R_SIGNATURE || entry_rows[i].arg >= n)
			continue;
		TSNode d = decls[entry_rows[i].arg];
		TSNode type = node_field(d, "type");
		TSNode tag = node_is(type, S_struct_specifier) ? node_field(type, "name") : type;
		if (node_is(tag, S_type_identifier) && node_text_is(tag, text, entry_rows[i].name) &&
		    node_is(node_field(d, "declarator"), S_pointer_declarator)) {
			entries_add(es, name, strlen(name), entry_rows[i].why);
			return;
		}
	}
}

/* The file scope (and #ifdef arms, ERROR nodes): struct definitions of the
 * PRIVATE kinds, or (pv filled) the declarations of values. */
static void scan_tree(struct entries *es, TSNode n, const char *text, private_vec *pv, bool defs,
		      int depth)
{
	if (depth > 64)
		return;
	node_vec kids = {0};
	node_children(n, &kids);
	for (size_t i = 0; i < kids.n; i++) {
		TSNode ch = kids.v[i];
		TSNode none = {0};
		if (node_is(ch, S_declaration)) {
			if (defs) {
				note_struct(pv, node_field(ch, "type"), none, text);
			} else {
				scan_decl(es, ch, text, pv);
				note_decl_stores(es, ch, text);
			}
		} else if (node_is(ch, S_type_definition)) {
			if (defs)
				note_struct(pv, node_field(ch, "type"),
					    declarator_name(node_field(ch, "declarator")), text);
		} else if (node_is(ch, S_function_definition)) {
			continue;
		} else if (node_is(ch, S_struct_specifier)) {
			if (defs)	/* `struct foo { ... };` */
				note_struct(pv, ch, none, text);
		} else if (ts_node_named_child_count(ch)) {
			scan_tree(es, ch, text, pv, defs, depth + 1);
		}
	}
	VEC_FREE(kids);
}

void entries_find(struct entries *es, TSNode root, const char *text, size_t len)
{
	private_vec pv = {0};
	scan_tree(es, root, text, &pv, true, 0);
	scan_tree(es, root, text, &pv, false, 0);
	VEC_FREE(pv);
	entry_scan_macros(es, text, len);
	settle_registered(es);
	pending_release(es);
}
