// SPDX-License-Identifier: GPL-2.0
/*
 * Kernel copies that still hold user pointers (check_limit_int.h).  A
 * compat handler converts the user's 32-bit struct into a kernel one and
 * hands `&karg` to the native handler inside a KERNEL_DS window: safe while
 * no field of karg holds a pointer user space chose.  When the conversion
 * stores one — `kp->edid = compat_ptr(tmp)` after get_user(tmp, ...), a
 * cast of a user value to a `__user` pointer, u64_to_user_ptr(), a buffer
 * from compat_alloc_user_space() that user space can still rewrite, an
 * array of such pointers — the native handler's copy_from_user() on that
 * field runs under KERNEL_DS on an address of the user's choosing
 * (v4l2-compat-ioctl32.c until 2017).  The stores are found field by field
 * in the function and in the conversion helpers of the same file it hands
 * `&karg` to (get_v4l2_edid32(&karg.v2edid, up)), flow-insensitively but
 * before the call; the report is at a call made under KERNEL_DS with the
 * object as an ioctl argument (`(unsigned long)&karg`), when the callee
 * reaches a uaccess routine with that argument, hands it to a function
 * pointer, or is not visible at all.
 */
#include "check_limit_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api.h"

#define UF_DEPTH 3		/* helpers of helpers followed */

typedef VEC(struct ufield) ufield_list;

struct uf_scan {
	struct run *r;
	int depth;		/* 0: the function itself; else a helper's body */
	name_list up;		/* locals holding user pointers ... */
	name_list up_how;	/* ... and what made each */
	name_list uv;		/* values read from user memory (get_user's destination) */
	name_list uobj;		/* objects filled from user memory (copy_from_user's) */
	ufield_list *out;
};

static int idx_of(const name_list *v, const char *p, size_t len)
{
	for (size_t i = 0; i < v->n; i++)
		if (strlen(v->v[i]) == len && !memcmp(v->v[i], p, len))
			return (int)i;
	return -1;
}

static const char *keep(struct run *r, const char *p, size_t len)
{
	return arena_strndup(&r->d.arena, p, len);
}

static void add_name(struct uf_scan *s, name_list *v, TSNode id)
{
	if (node_is(id, S_identifier) && idx_of(v, node_ptr(id, s->r->text), node_len(id)) < 0)
		VEC_PUSH(*v, keep(s->r, node_ptr(id, s->r->text), node_len(id)));
}

/* The identifier an lvalue is rooted at (`req` for `req.sub.buf[2]`). */
static TSNode root_of(TSNode n)
{
	for (int guard = 0; guard < 32; guard++) {
		n = strip_parens(n);
		if (node_is(n, S_field_expression))
			n = node_field(n, "argument");
		else if (node_is(n, S_subscript_expression))
			n = ts_node_named_child(n, 0);
		else
			break;
	}
	return n;
}

/* The field path of lvalue n below its root: `kp->m.planes` → "m.planes",
 * `kptrs[i]` → "[]", `karg.ptrs[i]` → "ptrs[]". */
static const char *field_path(struct run *r, TSNode n, TSNode root)
{
	char *t = node_text_nospace(n, r->text);
	const char *p = t + node_len(root);
	char *out = xcalloc(strlen(p) + 1, 1);
	size_t o = 0;
	for (int nest = 0; *p; p++) {
		if (*p == '[') {
			if (!nest++)
				out[o++] = '[';
			continue;
		}
		if (*p == ']') {
			if (!--nest)
				out[o++] = ']';
			continue;
		}
		if (nest)
			continue;
		if (p[0] == '-' && p[1] == '>') {
			p++;
			if (o)
				out[o++] = '.';
			continue;
		}
		if (*p == '.' && !o)
			continue;
		out[o++] = *p;
	}
	const char *k = keep(r, out, o);
	free(out);
	free(t);
	return k;
}

static bool user_marked(const struct run *r, TSNode n)
{
	uint32_t a = ts_node_start_byte(n), b = ts_node_end_byte(n);
	const struct source *src = r->ctx->src;
	for (size_t i = 0; i < src->user_marks.n; i++)
		if (src->user_marks.v[i] >= a && src->user_marks.v[i] < b)
			return true;
	return false;
}

static const char *uptr(struct uf_scan *s, TSNode e, int depth);

/* Is e a value read from user memory (or a user pointer)? */
static bool uval(struct uf_scan *s, TSNode e, int depth)
{
	struct run *r = s->r;
	e = strip_parens(e);
	/* (a user value cast to a number stays one: `(char *)(u64)val` after
	 * get_user(val, ...), x86_64's 32-bit argv) */
	for (int guard = 0; guard < 8 && node_is(e, S_cast_expression) &&
			    ts_node_is_null(node_field(node_field(e, "type"), "declarator")); guard++)
		e = strip_parens(node_field(e, "value"));
	if (node_is(e, S_identifier)) {
		const char *p = node_ptr(e, r->text);
		size_t len = node_len(e);
		if (idx_of(&s->uv, p, len) >= 0 || idx_of(&s->up, p, len) >= 0)
			return true;
		if (s->depth)
			return false;
		int i = idx_of(&r->tainted, p, len);
		return idx_of(&r->loaded, p, len) >= 0 ||
		       (i >= 0 && !(i < 32 && ((r->ureg_bits | r->ureg_derived) & (1u << i))));
	}
	if (node_is(e, S_field_expression) || node_is(e, S_subscript_expression)) {
		TSNode root = root_of(e);
		return node_is(root, S_identifier) &&
		       idx_of(&s->uobj, node_ptr(root, r->text), node_len(root)) >= 0;
	}
	return uptr(s, e, depth + 1) != NULL;
}

/* What makes e a user pointer ("compat_ptr()"), or NULL when it is none. */
static const char *uptr(struct uf_scan *s, TSNode e, int depth)
{
	struct run *r = s->r;
	if (depth > 12)
		return NULL;
	for (int guard = 0; guard < 16; guard++) {
		if (node_is(e, S_parenthesized_expression) && ts_node_named_child_count(e) == 1) {
			e = ts_node_named_child(e, 0);
		} else if (node_is(e, S_cast_expression)) {
			TSNode v = node_field(e, "value");
			TSNode ty = node_field(e, "type");
			/* (code older than sparse's marks, or a cast that drops
			 * one: `arg64.buf = (BYTE *)cp` after get_user(cp, ...)
			 * is the user's address all the same) */
			bool marked = user_marked(r, ty);
			if ((marked || node_is(node_field(ty, "declarator"), S_abstract_pointer_declarator)) &&
			    uval(s, v, depth + 1)) {
				const char *h = uptr(s, v, depth + 1);
				return h ? h : marked ? "a cast of a user value to a __user pointer"
						      : "a cast of a user value to a pointer";
			}
			e = v;
		} else {
			break;
		}
	}
	if (node_is(e, S_call_expression)) {
		size_t len;
		const char *name = call_name(e, r->text, &len);
		TSNode a = strip_parens(ts_node_named_child(node_field(e, "arguments"), 0));
		bool src = api_is(name, len, A_USER_PTR_SOURCE) && !ts_node_is_null(a) &&
			   !node_is(a, S_number_literal) && !node_is(a, S_null);
		if (src || api_is(name, len, A_USER_PTR_ALLOC)) {
			char *h = xasprintf("%.*s()", (int)len, name);
			const char *k = keep(r, h, strlen(h));
			free(h);
			return k;
		}
		return NULL;
	}
	if (node_is(e, S_identifier)) {
		int i = idx_of(&s->up, node_ptr(e, r->text), node_len(e));
		if (i >= 0)
			return s->up_how.v[i];
		/* the function's own user pointers (an ioctl's arg) */
		i = s->depth ? -1 : idx_of(&r->tainted, node_ptr(e, r->text), node_len(e));
		if (i < 0 || (i < 32 && ((r->ureg_bits | r->ureg_derived) & (1u << i))))
			return NULL;
		char *h = xasprintf("the user pointer '%s'", r->tainted.v[i]);
		const char *k = keep(r, h, strlen(h));
		free(h);
		return k;
	}
	if (node_is(e, S_binary_expression)) {
		TSNode op = node_field(e, "operator");
		if (!node_text_is(op, r->text, "+") && !node_text_is(op, r->text, "-"))
			return NULL;
		const char *h = uptr(s, node_field(e, "left"), depth + 1);
		return h ? h : uptr(s, node_field(e, "right"), depth + 1);
	}
	if (node_is(e, S_conditional_expression)) {
		const char *h = uptr(s, node_field(e, "consequence"), depth + 1);
		return h ? h : uptr(s, node_field(e, "alternative"), depth + 1);
	}
	return NULL;
}

/* Was the pointer compat_alloc_user_space()'s (its how names the routine)? */
static bool alloc_made(const char *how)
{
	const struct api *a;
	size_t n = strcspn(how, "(");
	return how[n] && (a = api_lookup(how, n)) && (a->roles & A_USER_PTR_ALLOC);
}

/* (a kernel value stored over a field, how NULL, is kept beside the user
 * pointer stored there: killed() reads them in order) */
static void add_ufield(ufield_list *out, const struct ufield *f)
{
	for (size_t i = 0; i < out->n; i++)
		if (!strcmp(out->v[i].obj, f->obj) && !strcmp(out->v[i].field, f->field) &&
		    !out->v[i].how == !f->how && (f->how || out->v[i].off == f->off))
			return;
	VEC_PUSH(*out, *f);
}

/* The object an argument hands over: `&O.sub`, `(unsigned long)&O`, `O`. */
static bool arg_object(struct run *r, TSNode a, TSNode *obj, const char **sub)
{
	a = strip_parens(a);
	/* `argv ? buf : NULL`: the object where the test holds */
	if (node_is(a, S_conditional_expression))
		return arg_object(r, node_field(a, "consequence"), obj, sub) ||
		       arg_object(r, node_field(a, "alternative"), obj, sub);
	if (node_is(a, S_pointer_expression) && node_text_is(node_field(a, "operator"), r->text, "&")) {
		TSNode in = strip_parens(node_field(a, "argument"));
		TSNode root = root_of(in);
		if (!node_is(root, S_identifier))
			return false;
		*obj = root;
		*sub = node_is(in, S_identifier) ? "" : field_path(r, in, root);
		return true;
	}
	if (node_is(a, S_identifier)) {
		*obj = a;
		*sub = "";
		return true;
	}
	return false;
}

/*
 * `(unsigned long)&karg`: the object handed over as an ioctl argument, the
 * way a compat handler calls the native one.  An object passed as a pointer
 * (do_sigaltstack((stack_t __user *)&kss, ...)) is read by a callee that
 * keeps the user address as a value (the alternate stack's base), and
 * serves no native handler that follows it.
 */
static bool ioctl_arg(const struct run *r, TSNode a)
{
	while (node_is(a, S_parenthesized_expression) && ts_node_named_child_count(a) == 1)
		a = ts_node_named_child(a, 0);
	if (!node_is(a, S_cast_expression))
		return false;
	TSNode d = node_field(node_field(a, "type"), "declarator");
	TSNode t = node_field(node_field(a, "type"), "type");
	return ts_node_is_null(d) && (node_is(t, S_sized_type_specifier) || node_is(t, S_primitive_type) ||
				      node_is(t, S_type_identifier));
}

static TSNode find_fn(struct run *r, const char *name, size_t len)
{
	if (!r->tu_fns.n) {
		TSNode root = r->ctx->g->fn;
		for (TSNode up = ts_node_parent(root); !ts_node_is_null(up); up = ts_node_parent(up))
			root = up;
		collect_functions(root, &r->tu_fns, 0);
	}
	for (size_t i = 0; i < r->tu_fns.n; i++) {
		TSNode d = declarator_name(node_field(r->tu_fns.v[i], "declarator"));
		if (node_is(d, S_identifier) && node_len(d) == len &&
		    !memcmp(node_ptr(d, r->text), name, len))
			return r->tu_fns.v[i];
	}
	return (TSNode){0};
}

static void uf_scan_body(struct uf_scan *s, TSNode body);

/* A conversion helper of this file given objects: the fields it fills with
 * user pointers become fields of the caller's objects.  Never inlined: its
 * 2 KB of locals would be in every frame of uf_walk's recursion (400 deep
 * on a deeply nested body overflowed a 1 MB stack, ulimit -s 1024). */
static __attribute__((noinline)) void uf_helper(struct uf_scan *s, TSNode call)
{
	struct run *r = s->r;
	size_t len;
	const char *name = call_name(call, r->text, &len);
	if (!name || s->depth >= UF_DEPTH || api_lookup(name, len))
		return;
	if (len == strlen(r->ctx->g->name) && !memcmp(name, r->ctx->g->name, len))
		return;
	TSNode fn = find_fn(r, name, len);
	if (ts_node_is_null(fn))
		return;
	struct param ps[MAX_PARAMS];
	int np = function_params(fn, r->text, ps, MAX_PARAMS);
	TSNode args = node_field(call, "arguments");
	uint32_t nargs = ts_node_named_child_count(args);
	ufield_list got = {0};
	struct uf_scan h = { .r = r, .depth = s->depth + 1, .out = &got };
	uf_scan_body(&h, node_field(fn, "body"));
	for (size_t i = 0; i < got.n; i++) {
		/* (a helper's own kernel stores stay its own) */
		for (int k = 0; got.v[i].how && k < np && (uint32_t)k < nargs; k++) {
			if (ps[k].len != strlen(got.v[i].obj) || memcmp(ps[k].name, got.v[i].obj, ps[k].len))
				continue;
			TSNode obj;
			const char *sub;
			if (!arg_object(r, ts_node_named_child(args, (uint32_t)k), &obj, &sub))
				continue;
			if (idx_of(&s->up, node_ptr(obj, r->text), node_len(obj)) >= 0)
				continue;	/* user memory itself */
			struct ufield f = got.v[i];
			f.obj = keep(r, node_ptr(obj, r->text), node_len(obj));
			if (*sub) {
				char *p = xasprintf("%s.%s", sub, f.field);
				f.field = keep(r, p, strlen(p));
				free(p);
			}
			if (!s->depth) {
				f.call = ts_node_start_byte(call) + 1;
				f.helper = keep(r, name, len);
			}
			add_ufield(s->out, &f);
		}
	}
	VEC_FREE(got);
	VEC_FREE(h.up);
	VEC_FREE(h.up_how);
	VEC_FREE(h.uv);
	VEC_FREE(h.uobj);
}

/* The identifier the lvalue lv is rooted at, into *root, when it names a
 * kernel object (not a local holding a user pointer: a store through
 * that is one into user memory). */
static bool kernel_root(struct uf_scan *s, TSNode lv, TSNode *root)
{
	*root = root_of(lv);
	return node_is(*root, S_identifier) &&
	       idx_of(&s->up, node_ptr(*root, s->r->text), node_len(*root)) < 0;
}

static void uf_assign(struct uf_scan *s, TSNode lhs, TSNode rhs, uint32_t off)
{
	struct run *r = s->r;
	if (ts_node_is_null(lhs) || ts_node_is_null(rhs))
		return;
	lhs = strip_parens(lhs);
	const char *how = uptr(s, rhs, 0);
	if (node_is(lhs, S_identifier)) {
		if (how && idx_of(&s->up, node_ptr(lhs, r->text), node_len(lhs)) < 0) {
			add_name(s, &s->up, lhs);
			VEC_PUSH(s->up_how, how);
		}
		return;
	}
	if (!node_is(lhs, S_field_expression) && !node_is(lhs, S_subscript_expression))
		return;
	TSNode root;
	if (!kernel_root(s, lhs, &root))
		return;
	const char *obj = keep(r, node_ptr(root, r->text), node_len(root));
	if (!how) {
		/* `karg.ptrs = kptrs`, an array of user pointers built here */
		TSNode id = strip_parens(rhs);
		for (size_t i = 0; node_is(id, S_identifier) && i < s->out->n && !how; i++) {
			if (!s->out->v[i].how || strlen(s->out->v[i].obj) != node_len(id) ||
			    memcmp(s->out->v[i].obj, node_ptr(id, r->text), node_len(id)))
				continue;
			char *h = xasprintf("the array '%s' filled from %s", s->out->v[i].obj,
					    s->out->v[i].how);
			how = keep(r, h, strlen(h));
			free(h);
		}
		if (!how) {
			/* a kernel value over the field: `a.data = &p;` after the
			 * user's pointer was read into it (blkpg_ioctl_trans) */
			struct ufield k = { .obj = obj, .field = field_path(r, lhs, root), .off = off };
			TSNode blk = lhs;
			while (!ts_node_is_null(blk) && !node_is(blk, S_compound_statement))
				blk = ts_node_parent(blk);
			if (ts_node_is_null(blk))
				return;
			k.blk_from = ts_node_start_byte(blk);
			k.blk_to = ts_node_end_byte(blk);
			add_ufield(s->out, &k);
			return;
		}
	}
	struct ufield f = { .obj = obj, .field = field_path(r, lhs, root), .how = how, .off = off,
			    .stored = df_text(&r->d, lhs, 40), .alloc = alloc_made(how) };
	add_ufield(s->out, &f);
}

/*
 * get_user() straight into a field of a kernel object, its destination
 * cast to an integer: `__get_user((unsigned long)(v[i].iov_base),
 * &uv[i].iov_base)` (sparc64's sys32_readv() before 2.1.43).  Only a
 * pointer field needs the cast (get_user() reads the size of its
 * destination's type), so the field now holds a pointer user space
 * chose.  A field read without a cast may be a count: not one.
 */
static void uf_get_field(struct uf_scan *s, TSNode dst, TSNode call)
{
	struct run *r = s->r;
	TSNode lv = dst;
	bool cast = node_is(dst, S_cast_expression);
	if (cast) {
		lv = strip_parens(node_field(dst, "value"));
	} else {
		/* (normalisation blanks a cast of get_user's destination: the
		 * raw text still shows its `)` before the lvalue) */
		uint32_t a = ts_node_start_byte(node_field(call, "arguments")) + 1;
		uint32_t b = ts_node_start_byte(lv);
		cast = b > a && memchr(r->ctx->src->raw + a, ')', b - a) != NULL;
	}
	if (!cast)
		return;
	if (!node_is(lv, S_field_expression) && !node_is(lv, S_subscript_expression))
		return;
	TSNode root;
	if (!kernel_root(s, lv, &root))
		return;
	size_t len;
	const char *name = call_name(call, r->text, &len);
	char *h = xasprintf("%.*s()", (int)len, name);
	struct ufield f = { .obj = keep(r, node_ptr(root, r->text), node_len(root)),
			    .field = field_path(r, lv, root), .how = keep(r, h, strlen(h)),
			    .off = ts_node_start_byte(call), .stored = df_text(&r->d, lv, 40) };
	free(h);
	add_ufield(s->out, &f);
}

static void uf_walk(struct uf_scan *s, TSNode n, int depth)
{
	if (ts_node_is_null(n) || depth > 400)
		return;
	struct run *r = s->r;
	if (node_is(n, S_init_declarator)) {
		uf_assign(s, declarator_name(node_field(n, "declarator")), node_field(n, "value"),
			  ts_node_start_byte(n));
	} else if (node_is(n, S_assignment_expression) &&
		   node_text_is(node_field(n, "operator"), r->text, "=")) {
		uf_assign(s, node_field(n, "left"), node_field(n, "right"), ts_node_start_byte(n));
	} else if (node_is(n, S_call_expression)) {
		size_t len;
		const char *name = call_name(n, r->text, &len);
		TSNode args = node_field(n, "arguments");
		TSNode dst = strip_parens(ts_node_named_child(args, 0));
		if (api_is(name, len, A_UA_GET)) {
			add_name(s, &s->uv, dst);	/* get_user(tmp, &up->ptr) */
			uf_get_field(s, dst, n);
		} else if (api_is(name, len, A_TAINT_LOAD)) {
			if (node_is(dst, S_pointer_expression))
				dst = strip_parens(node_field(dst, "argument"));
			add_name(s, &s->uobj, dst);	/* copy_from_user(&k32, up, ...) */
		} else if (!api_lookup(name, len)) {
			uf_helper(s, n);
		}
	}
	uint32_t c = ts_node_named_child_count(n);
	for (uint32_t i = 0; i < c; i++)
		uf_walk(s, ts_node_named_child(n, i), depth + 1);
}

static void uf_scan_body(struct uf_scan *s, TSNode body)
{
	/* twice: a pointer made further down a loop is stored at its top */
	for (int round = 0; round < 2; round++)
		uf_walk(s, body, 0);
}

static void uf_collect(struct run *r)
{
	r->ufields_done = true;
	ufield_list all = {0};
	struct uf_scan s = { .r = r, .out = &all };
	uf_scan_body(&s, node_field(r->ctx->g->fn, "body"));
	for (size_t i = 0; i < all.n; i++)
		VEC_PUSH(r->ufields, all.v[i]);
	VEC_FREE(all);
	VEC_FREE(s.up);
	VEC_FREE(s.up_how);
	VEC_FREE(s.uv);
	VEC_FREE(s.uobj);
}

/* Is the user pointer f stored at `at` overwritten with a kernel value
 * after it and before the call at `before`, in a block that holds the
 * call too (`a.data = &p;` in the switch case that calls; a store in the
 * other arm of an if does not count)? */
static bool killed(const struct run *r, const struct ufield *f, uint32_t at, uint32_t before)
{
	for (size_t i = 0; i < r->ufields.n; i++) {
		const struct ufield *k = &r->ufields.v[i];
		if (!k->how && k->off > at && k->off < before && k->blk_from <= before &&
		    before < k->blk_to && !strcmp(k->obj, f->obj) && !strcmp(k->field, f->field))
			return true;
	}
	return false;
}

/* The first field of obj below sub that holds a user pointer stored before `before`. */
static const struct ufield *holds(const struct run *r, const char *obj, size_t len, const char *sub,
				  uint32_t before)
{
	size_t sl = strlen(sub);
	const struct ufield *alloc = NULL;
	for (size_t i = 0; i < r->ufields.n; i++) {
		const struct ufield *f = &r->ufields.v[i];
		uint32_t at = f->call ? f->call - 1 : f->off;
		if (!f->how || at >= before || strlen(f->obj) != len || memcmp(f->obj, obj, len) ||
		    killed(r, f, at, before))
			continue;
		if (sl && (strncmp(f->field, sub, sl) ||
			   (f->field[sl] && f->field[sl] != '.' && f->field[sl] != '[')))
			continue;
		if (!f->alloc)
			return f;	/* a pointer user space chose: the one to name */
		if (!alloc)
			alloc = f;
	}
	return alloc;
}

/* ", as do 'm.planes' and 'base'": the other such fields of f's object. */
static char *others(const struct run *r, const struct ufield *f, uint32_t before)
{
	struct strbuf b;
	strbuf_init(&b);
	int n = 0, shown = 0;
	for (size_t i = 0; i < r->ufields.n; i++) {
		const struct ufield *g = &r->ufields.v[i];
		uint32_t at = g->call ? g->call - 1 : g->off;
		if (g == f || !g->how || at >= before || strcmp(g->obj, f->obj) ||
		    killed(r, g, at, before))
			continue;
		n++;
		if (shown < 3) {
			strbuf_addf(&b, "%s'%s'", shown ? ", " : "", g->field);
			shown++;
		}
	}
	if (!n) {
		strbuf_release(&b);
		return xstrdup("");
	}
	char *s = xasprintf(", as %s %s%s", n == 1 ? "does" : "do", b.buf, n > shown ? ", ..." : "");
	strbuf_release(&b);
	return s;
}

/*
 * The native handler a visible callee leads to follows the object with
 * uaccess routines (its summary's sinks) — but that may be the object
 * itself, copied in or out whole (the tty ioctl's copy of struct
 * serial_struct, whose iomem_base is an I/O address kept as a value).
 * The field is a user pointer to the kernel only where some code follows
 * it as one: its name given to a uaccess routine as the user pointer or
 * cast to a __user pointer in an analysed file.  The last name of the
 * field path is asked ("m.planes": "planes"); an array of pointers
 * ("ptrs[]") or no answer counts as followed.
 */
static bool followed_anywhere(const struct run *r, const char *field)
{
	const struct limit_env *env = r->ctx->env;
	if (!env || !env->followed)
		return true;
	size_t n = strlen(field);
	if (!n || field[n - 1] == ']')
		return true;
	size_t b = n;
	while (b && field[b - 1] != '.')
		b--;
	return n == b || env->followed(env->env, field + b, n - b);
}

void ufield_check_call(struct run *r, struct state *s, TSNode call,
		       const struct fn_summary **t, size_t nt)
{
	size_t len;
	const char *name = call_name(call, r->text, &len);
	/* a known routine takes no object to follow, but for a syscall called
	 * in-kernel whose native code follows the pointer fields of what it
	 * reads from its user-pointer arguments (api.def's A_UOBJ_FOLLOW): an
	 * object handed there, cast to a __user pointer or not, has them
	 * followed too (compat setsockopt's sock_fprog.filter, fixed in
	 * 2.6.17) */
	const struct api *api = name ? api_lookup(name, len) : NULL;
	if (!(s->limit & LV_KERNEL) || (api && !(api->roles & A_UOBJ_FOLLOW)))
		return;
	if (!r->ufields_done)
		uf_collect(r);
	if (!r->ufields.n)
		return;
	TSNode args = node_field(call, "arguments");
	uint32_t nargs = ts_node_named_child_count(args);
	uint32_t off = ts_node_start_byte(call);
	for (uint32_t i = 0; i < nargs && i < 32; i++) {
		TSNode obj;
		const char *sub;
		TSNode a = ts_node_named_child(args, i);
		bool handed = api ? (api->user_args & (1u << i)) != 0 : ioctl_arg(r, a);
		if (!handed || !arg_object(r, a, &obj, &sub))
			continue;
		const struct ufield *f = holds(r, node_ptr(obj, r->text), node_len(obj), sub, off);
		if (!f)
			continue;
		const struct fn_summary *via = NULL;
		bool opaque = false;
		for (size_t k = 0; k < nt && !via; k++) {
			if (t[k]->sinks & (1u << i))
				via = t[k];
			else if (t[k]->opaque & (1u << i))
				opaque = true;
		}
		if (nt && !via && !opaque && !api)
			continue;	/* a visible callee that never treats it as user memory
					 * (a known one follows it: an exec's summary says
					 * only what it does to the limit) */
		if (via && !followed_anywhere(r, f->field))
			continue;	/* the native side is in view and follows no such field */
		const char *what = name ? keep(r, name, len) : df_text(&r->d, node_field(call, "function"), 40);
		struct pos at = source_at(r->ctx->src, f->off);
		char *store = xasprintf("%s from %s is stored into '%s' here",
					f->alloc ? "user memory" : "a user pointer", f->how, f->stored);
		const struct df_trace *tr = df_note(&r->d, s->h.trace, T_NOTE, r->ctx->path, at,
						    keep(r, store, strlen(store)));
		free(store);
		if (f->call) {
			char *n = xasprintf("'%s' fills '%s' of '%s' with it", f->helper, f->field, f->obj);
			tr = df_note(&r->d, tr, T_NOTE, r->ctx->path, source_at(r->ctx->src, f->call - 1),
				     keep(r, n, strlen(n)));
			free(n);
		}
		char *tail;
		if (via && via->sink_path) {
			char *n = xasprintf("'%s' passes it on to '%s'", via->name, via->sink_what);
			tr = df_note(&r->d, tr, T_NOTE, via->sink_path, via->sink_at, keep(r, n, strlen(n)));
			free(n);
			tail = xasprintf("the native handler '%s' follows it with uaccess routines ('%s') under KERNEL_DS",
					 via->name, via->sink_what);
		} else if (via || opaque) {
			tail = xasprintf("'%s' hands it to a handler %s under KERNEL_DS", what,
					 via ? "that follows it with a uaccess routine"
					     : "through a function pointer");
		} else {
			tail = xasprintf("'%s' is called with it under KERNEL_DS", what);
		}
		char *more = others(r, f, off);
		/* a compat_alloc_user_space() buffer: the kernel chose the address,
		 * so say what is wrong with it instead */
		limit_report(r, C_USER_PTR_KERNEL_DS, off, tr,
			     xasprintf("field '%s' of '%s' %s %s %s %s:%u)%s and %s", f->field, f->obj,
				       f->alloc ? "points into user memory" : "holds a user pointer (set from",
				       f->how, f->alloc ? "reserved (at" : "at", r->ctx->path, at.line,
				       more, tail),
			     f->alloc ? "the address was checked when it was reserved, but user space can "
					"rewrite what that memory holds, so a pointer the handler reads from "
					"it is followed unchecked; and where user and kernel address spaces "
					"are separate (s390, sparc64, parisc) a uaccess routine under "
					"KERNEL_DS reaches kernel memory at that address"
				      : "access_ok() lets any address through while KERNEL_DS is in force: "
					"a uaccess routine on that field reads or writes kernel memory");
		free(tail);
		free(more);
		return;
	}
}

void ufield_release(struct run *r)
{
	VEC_FREE(r->ufields);
	VEC_FREE(r->tu_fns);
}
