// SPDX-License-Identifier: GPL-2.0
/*
 * User-pointer taint for the address-limit check (check_limit_int.h):
 * which identifiers hold a pointer user space chose (the parameters
 * ctx->user_params names, what is copied or derived from them), and the
 * user-ptr-kernel-ds finding when one reaches a uaccess routine while the
 * limit may be KERNEL_DS — here, or in a callee's window (its wsinks).
 */
#include "check_limit_int.h"

#include <stdlib.h>
#include <string.h>

#include "api.h"

static int list_index(const char *const *v, size_t n, const char *p, size_t len)
{
	for (size_t i = 0; i < n; i++)
		if (strlen(v[i]) == len && !memcmp(v[i], p, len))
			return (int)i;
	return -1;
}

static bool in_list(const char *const *v, size_t n, const char *p, size_t len)
{
	return list_index(v, n, p, len) >= 0;
}

/* The identifier an lvalue is rooted at (`req` for `req.sub.buf[2]`). */
static TSNode lvalue_root(TSNode n)
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

/* `~1`, `~3UL`: a mask that clears the low bits of an address and keeps it one. */
static bool low_bits_mask(struct run *r, TSNode m)
{
	m = strip_parens(m);
	if (!node_is(m, S_unary_expression) || !node_text_is(node_field(m, "operator"), r->text, "~"))
		return false;
	return node_is(strip_parens(node_field(m, "argument")), S_number_literal);
}

/* Is e (`k.path`, `kp->path`) a member its variable's struct type declares
 * as an array?  Its value is then the address of the array inside the
 * object, a kernel one when the object is the kernel's copy of the user's
 * struct: `char log_path[1024]` copied in, then handed to sys_newlstat()
 * under KERNEL_DS, is no user address. */
static bool array_member(struct run *r, TSNode e)
{
	if (!node_is(e, S_field_expression))
		return false;
	TSNode base = strip_parens(node_field(e, "argument"));
	TSNode field = node_field(e, "field");
	if (!node_is(base, S_identifier) || ts_node_is_null(field))
		return false;
	size_t tl;
	const char *type = cfg_var_type(r->ctx->g, base, &tl);
	return type && macros_array_member(r->ctx->g->macros, type, tl, node_ptr(field, r->text),
					   node_len(field));
}

/* Does expression e carry a pointer user space chose? */
static bool carries(struct run *r, TSNode e, int depth)
{
	e = strip_parens(e);
	if (ts_node_is_null(e) || depth > 16)
		return false;
	if (node_is(e, S_identifier)) {
		int i = list_index(r->tainted.v, r->tainted.n, node_ptr(e, r->text), node_len(e));
		if (i >= 0 && i < 32 && (r->ureg_bits & (1u << i)))
			return false;	/* a register frame: what it holds may be */
		if (i < 0)	/* a pointer value copied in from user memory */
			return in_list(r->loaded.v, r->loaded.n, node_ptr(e, r->text), node_len(e));
		return !r->taint_now || (i < 32 && (*r->taint_now & (1u << i)));
	}
	if (r->ureg_bits) {
		int u = uregs_carries(r, e);
		if (u >= 0)
			return u;
	}
	if (node_is(e, S_field_expression) || node_is(e, S_subscript_expression)) {
		/* an address inside user memory: up->buf, up[i] */
		TSNode op = node_field(e, "operator");
		if (node_is(e, S_subscript_expression) || node_text_is(op, r->text, "->")) {
			TSNode b0 = node_is(e, S_field_expression) ? node_field(e, "argument")
								   : ts_node_named_child(e, 0);
			if (carries(r, b0, depth + 1))
				return true;
		}
		/* a value read out of an object filled from user memory (not a
		 * member that is an array inside it: its address is the object's) */
		TSNode base = e;
		for (int guard = 0; guard < 16 && r->filled.n; guard++) {
			base = strip_parens(node_is(base, S_field_expression)
					    ? node_field(base, "argument")
					    : ts_node_named_child(base, 0));
			char *k = node_text_nospace(base, r->text);
			bool hit = in_list(r->filled.v, r->filled.n, k, strlen(k));
			free(k);
			if (hit)
				return !array_member(r, e);
			if (!node_is(base, S_field_expression) && !node_is(base, S_subscript_expression))
				break;
		}
		return false;
	}
	if (node_is(e, S_pointer_expression)) {
		if (!node_text_is(node_field(e, "operator"), r->text, "&"))
			return false;
		TSNode a = strip_parens(node_field(e, "argument"));
		if (!node_is(a, S_field_expression) && !node_is(a, S_subscript_expression))
			return false;
		TSNode root = lvalue_root(a);
		int i = node_is(root, S_identifier)
			? list_index(r->tainted.v, r->tainted.n, node_ptr(root, r->text), node_len(root))
			: -1;
		if (i < 0 || (i < 32 && (r->ureg_bits & (1u << i))))
			return false;	/* (a field of a register frame lies in the kernel) */
		/* a pointer derived from a register frame counts while the frame may be user mode */
		return !(i < 32 && (r->ureg_derived & (1u << i))) || !r->taint_now ||
		       (*r->taint_now & (1u << i));
	}
	if (node_is(e, S_call_expression)) {
		size_t len;
		const char *name = call_name(e, r->text, &len);
		TSNode args = node_field(e, "arguments");
		/* (or a macro of one argument in capitals around it: the
		 * 32-bit layers' `A(filename)`, READ_ONCE(up)) */
		if (!api_is(name, len, A_USER_PTR_SOURCE) &&
		    !(name && upper_case_name(name, len) && ts_node_named_child_count(args) == 1))
			return false;
		return carries(r, ts_node_named_child(args, 0), depth + 1);
	}
	if (node_is(e, S_binary_expression)) {
		TSNode op = node_field(e, "operator");
		if (node_text_is(op, r->text, "&") && low_bits_mask(r, node_field(e, "right")))
			return carries(r, node_field(e, "left"), depth + 1);	/* pc & ~1 */
		if (!node_text_is(op, r->text, "+") && !node_text_is(op, r->text, "-"))
			return false;
		return carries(r, node_field(e, "left"), depth + 1) ||
		       carries(r, node_field(e, "right"), depth + 1);
	}
	if (node_is(e, S_conditional_expression))
		return carries(r, node_field(e, "consequence"), depth + 1) ||
		       carries(r, node_field(e, "alternative"), depth + 1);
	return false;
}

static void taint_add(struct run *r, name_list *v, TSNode id, bool *changed)
{
	if (!node_is(id, S_identifier) ||
	    in_list(v->v, v->n, node_ptr(id, r->text), node_len(id)))
		return;
	VEC_PUSH(*v, arena_strndup(&r->d.arena, node_ptr(id, r->text), node_len(id)));
	*changed = true;
}

/* The object `&x` or pointer `p` that copy_from_user fills: its fields are user values. */
static void filled_add(struct run *r, TSNode dst, bool *changed)
{
	dst = strip_parens(dst);
	bool obj = false;
	if (node_is(dst, S_pointer_expression) &&
	    node_text_is(node_field(dst, "operator"), r->text, "&")) {
		dst = strip_parens(node_field(dst, "argument"));
		obj = true;
	} else if (!node_is(dst, S_identifier) && !node_is(dst, S_field_expression)) {
		return;
	}
	char *k = node_text_nospace(dst, r->text);
	if (!in_list(r->filled.v, r->filled.n, k, strlen(k))) {
		VEC_PUSH(r->filled, arena_strndup(&r->d.arena, k, strlen(k)));
		*changed = true;
	}
	free(k);
	if (obj && node_is(dst, S_identifier) &&
	    !in_list(r->loaded.v, r->loaded.n, node_ptr(dst, r->text), node_len(dst))) {
		VEC_PUSH(r->loaded, arena_strndup(&r->d.arena, node_ptr(dst, r->text), node_len(dst)));
		*changed = true;
	}
}

static void taint_scan(struct run *r, TSNode n, bool *changed, int depth)
{
	if (ts_node_is_null(n) || depth > 400)
		return;
	if (node_is(n, S_init_declarator) || node_is(n, S_assignment_expression)) {
		TSNode lhs, rhs;
		if (node_is(n, S_init_declarator)) {
			lhs = declarator_name(node_field(n, "declarator"));
			rhs = node_field(n, "value");
		} else {
			lhs = strip_parens(node_field(n, "left"));
			rhs = node_field(n, "right");
		}
		if (!ts_node_is_null(rhs) && carries(r, rhs, 0))
			taint_add(r, &r->tainted, lhs, changed);
	} else if (node_is(n, S_call_expression)) {
		size_t len;
		const char *name = call_name(n, r->text, &len);
		TSNode args = node_field(n, "arguments");
		bool get = api_is(name, len, A_UA_GET);
		if (api_is(name, len, A_TAINT_LOAD) &&
		    ts_node_named_child_count(args) >= 2 &&
		    carries(r, ts_node_named_child(args, 1), 0)) {
			TSNode dst = strip_parens(ts_node_named_child(args, 0));
			if (get && node_is(dst, S_identifier))
				taint_add(r, &r->loaded, dst, changed);	/* get_user(p, &up->p) */
			else
				filled_add(r, dst, changed);
		}
	}
	uint32_t c = ts_node_named_child_count(n);
	for (uint32_t i = 0; i < c; i++)
		taint_scan(r, ts_node_named_child(n, i), changed, depth + 1);
}

/* Spread r->tainted through the function (again, after new sources). */
static void taint_spread(struct run *r)
{
	r->taint_init = (uint32_t)((1ull << (r->tainted.n < 32 ? r->tainted.n : 32)) - 1);
	bool changed = true;
	for (int round = 0; round < 6 && changed; round++) {
		changed = false;
		taint_scan(r, node_field(r->ctx->g->fn, "body"), &changed, 0);
	}
}

/* Sources are the parameters ctx->user_params names; spread them flow-insensitively. */
void taint_init(struct run *r)
{
	for (int i = 0; i < r->params.n && i < 32; i++)
		if ((r->ctx->user_params & (1u << i)) && r->params.v[i].len)
			VEC_PUSH(r->tainted, arena_strndup(&r->d.arena, r->params.v[i].name,
							   r->params.v[i].len));
	if (r->tainted.n)
		taint_spread(r);
	/* the register frames of a trap: what is read out of them is marked
	 * apart, a user_mode() test clears it */
	if (uregs_add_frames(r)) {
		size_t n = r->tainted.n;
		taint_spread(r);
		for (size_t i = n; i < r->tainted.n && i < 32; i++)
			r->ureg_derived |= 1u << i;
	}
}

void wsinks_add(struct wsink *v, uint8_t *n, uint32_t params, const struct wsink *w)
{
	for (int k = 0; k < 32; k++) {
		if (!(params & (1u << k)))
			continue;
		bool dup = false;
		for (int i = 0; i < *n; i++)
			dup |= v[i].param == k && v[i].at.off == w->at.off && v[i].path == w->path;
		if (dup || *n == MAX_WSINKS)
			continue;
		v[*n] = *w;
		v[*n].param = (uint8_t)k;
		(*n)++;
	}
}

/*
 * A window's sink reached by parameters `params` (user: the sink's own
 * argument is a __user one): those declared __user keep the mark (uparam), so the callers are asked whether they pass a
 * kernel object there; a parameter without it is a kernel pointer by its
 * declaration.
 */
static void add_wsink(struct run *r, uint32_t params, const struct wsink *w)
{
	wsinks_add(r->wsink, &r->nwsink, params, w);
}

static void add_wsink_marked(struct run *r, uint32_t params, const struct wsink *w, bool user)
{
	struct wsink m = *w;
	m.uparam = true;
	uint32_t marked = user ? params & r->ctx->marked_params : 0;
	if (marked)
		add_wsink(r, marked, &m);
	m.uparam = false;
	if (params & ~marked)
		add_wsink(r, params & ~marked, &m);
}

/* The first parameter of mask, as text. */
static const char *param_name(struct run *r, uint32_t mask, size_t *len)
{
	for (int k = 0; k < r->params.n && k < 32; k++) {
		if ((mask & (1u << k)) && r->params.v[k].len) {
			*len = r->params.v[k].len;
			return r->params.v[k].name;
		}
	}
	*len = 3;
	return "arg";
}

/* Does a `__user` mark lie inside node n (a cast's type)? */
static bool has_user_mark(struct run *r, TSNode n)
{
	uint32_t a = ts_node_start_byte(n), b = ts_node_end_byte(n);
	const struct source *src = r->ctx->src;
	for (size_t i = 0; i < src->user_marks.n; i++)
		if (src->user_marks.v[i] >= a && src->user_marks.v[i] < b)
			return true;
	return false;
}

/*
 * An argument that is plainly a kernel object: a cast to a __user pointer
 * type (`(char __user *)&kbuf`, `(void __user *)kmalloc'd`), NULL or 0.
 * Called only for arguments that carry no user pointer.
 */
static bool kernel_object_arg(struct run *r, TSNode a)
{
	for (int guard = 0; guard < 8; guard++) {
		if (node_is(a, S_parenthesized_expression) && ts_node_named_child_count(a) == 1) {
			a = ts_node_named_child(a, 0);
		} else if (node_is(a, S_cast_expression)) {
			if (has_user_mark(r, node_field(a, "type")))
				return true;
			a = node_field(a, "value");
		} else {
			break;
		}
	}
	if (literal_truth(a, r->text) == 0)
		return true;
	return node_is(a, S_identifier) && node_text_is(a, r->text, "NULL");
}

/* A parameter passed on as it is (or a local copy of it, plus an offset),
 * not a field read through one. */
static bool passes_param_itself(TSNode a)
{
	for (int guard = 0; guard < 8; guard++) {
		a = strip_parens(a);
		if (!node_is(a, S_binary_expression))
			break;
		a = node_field(a, "left");
	}
	return node_is(a, S_identifier);
}

/*
 * The function raises the limit itself and hands its own __user parameter
 * to a uaccess routine (here, or in a callee's window w when w is not
 * NULL), and no caller is visible: the annotation says callers pass user
 * pointers, and with KERNEL_DS in force any address gets through.
 */
static void report_open_param(struct run *r, const struct state *s, uint32_t pm, const char *what,
			      TSNode call, const struct wsink *w, const struct fn_summary *t)
{
	size_t len;
	const char *pn = param_name(r, pm, &len);
	const char *scope = r->ctx->fact && !r->ctx->fact->is_static ? "extern" : "static";
	if (!w) {
		limit_report(r, C_USER_PTR_KERNEL_DS, ts_node_start_byte(call), s->h.trace,
			     xasprintf("'%s' passes its __user parameter '%.*s' to '%s' with the address limit at KERNEL_DS; "
				       "no caller is visible (%s function), so a user pointer from any caller is accessed as a kernel address",
				       r->ctx->g->name, (int)len, pn, what, scope),
			     "access_ok() lets any address through while KERNEL_DS is in force");
		return;
	}
	char *note = xasprintf("'%s' passes its __user parameter '%.*s' to '%s'; no caller is visible (%s function)",
			       r->ctx->g->name, (int)len, pn, t->name, scope);
	const struct df_trace *tr = df_note(&r->d, NULL, T_NOTE, r->ctx->path,
					    source_at(r->ctx->src, ts_node_start_byte(call)),
					    arena_strndup(&r->d.arena, note, strlen(note)));
	free(note);
	limit_report_in(r, C_USER_PTR_KERNEL_DS, w->out, w->path, w->at, w->fn, tr,
			xasprintf("__user parameter '%.*s' of '%s' reaches '%s' while '%s' holds the address limit at KERNEL_DS; "
				  "no caller of '%s' is visible, so a user pointer from any caller is accessed as a kernel address",
				  (int)len, pn, r->ctx->g->name, w->what, w->fn, r->ctx->g->name),
			"access_ok() lets any address through while KERNEL_DS is in force");
}

/*
 * A caller hands a callee's __user parameter a value it read through its
 * own parameter, neither a user pointer it knows of nor plainly a kernel
 * object: the callee's window makes whatever it is an address accessed
 * with KERNEL_DS.
 */
static void report_unknown_arg(struct run *r, TSNode call, TSNode a, const struct wsink *w,
			       const struct fn_summary *t)
{
	if (kernel_object_arg(r, a))
		return;
	char *at = node_text_folded(a, r->text, 40);
	char *note = xasprintf("'%s' passes '%s' to the __user parameter of '%s'", r->ctx->g->name, at,
			       t->name);
	const struct df_trace *tr = df_note(&r->d, NULL, T_NOTE, r->ctx->path,
					    source_at(r->ctx->src, ts_node_start_byte(call)),
					    arena_strndup(&r->d.arena, note, strlen(note)));
	free(note);
	limit_report_in(r, C_USER_PTR_KERNEL_DS, w->out, w->path, w->at, w->fn, tr,
			xasprintf("'%s' from '%s' reaches '%s' while '%s' holds the address limit at KERNEL_DS; "
				  "'%s' declares that parameter __user and '%s' is no kernel object cast to __user, so it may be a user pointer",
				  at, r->ctx->g->name, w->what, w->fn, t->name, at),
			"access_ok() lets any address through while KERNEL_DS is in force");
	free(at);
}

/* The register frame a pointer comes from, when nothing but a frame makes
 * it user-chosen (check_limit_uregs.c); NULL otherwise. */
static const char *ureg_origin(struct run *r, const struct state *s, TSNode a)
{
	if (!r->ureg_bits)
		return NULL;
	uint32_t other = s->taint & ~(r->ureg_bits | r->ureg_derived);
	r->taint_now = &other;
	bool user = carries(r, a, 0);
	r->taint_now = NULL;
	for (size_t i = 0; !user && i < r->tainted.n && i < 32; i++)
		if (r->ureg_bits & (1u << i))
			return r->tainted.v[i];
	return NULL;
}

static const char *callee_text(const struct call_fact *cf, TSNode call, struct run *r)
{
	if (cf && cf->callee[0] != '.')
		return cf->callee;
	return df_text(&r->d, node_field(call, "function"), 40);
}

/*
 * The bit of the parameter argument a is, when access_ok() passed it
 * before the raise (taint_range_test); only the pointer itself: what was
 * loaded through it (ss32->iomem_base) is no safer for the check.
 */
static uint32_t checked_itself(struct run *r, const struct state *s, TSNode a)
{
	if (!s->checked)
		return 0;
	a = strip_parens(a);
	if (node_is(a, S_cast_expression))
		a = strip_parens(node_field(a, "value"));
	if (!node_is(a, S_identifier))
		return 0;
	for (int k = 0; k < r->params.n && k < 32; k++)
		if ((s->checked & (1u << k)) && r->params.v[k].len == node_len(a) &&
		    !memcmp(r->params.v[k].name, node_ptr(a, r->text), node_len(a)))
			return 1u << k;
	return 0;
}

/*
 * Argument a of a call under KERNEL_DS is an object callee t reads a
 * user-space address out of (`vma->vm_start`) and hands to a uaccess
 * routine with the limit its caller set: whatever the object, the address
 * is a user one, read as a kernel address.
 */
static void report_uaddr_field(struct run *r, const struct state *s, TSNode call, TSNode a,
			       const struct fn_summary *t)
{
	char *at = node_text_folded(a, r->text, 40);
	const struct df_trace *tr = s->h.trace;
	if (t->sink_path) {
		char *note = xasprintf("'%s' reads a user-space address out of it and passes it to '%s'",
				       t->name, t->sink_what);
		tr = df_note(&r->d, tr, T_NOTE, t->sink_path, t->sink_at,
			     arena_strndup(&r->d.arena, note, strlen(note)));
		free(note);
	}
	limit_report(r, C_USER_PTR_KERNEL_DS, ts_node_start_byte(call), tr,
		     xasprintf("'%s' reads a user-space address out of '%s' (a field that holds one, such as vm_start) and "
			       "hands it to '%s' while the address limit may be KERNEL_DS",
			       t->name, at, t->sink_what ? t->sink_what : "a uaccess routine"),
		     "a user address read with KERNEL_DS in force reaches kernel memory (or the wrong address space)");
	free(at);
}

/* `(size_t)a32.newlen`: a user value cast to a size or a plain int is
 * handed on as a number, not as an address (unsigned long, u64 and
 * uintptr_t, which carry addresses, are not among these). */
static bool size_cast(struct run *r, TSNode a)
{
	static const char *const sizes[] = { "size_t", "ssize_t", "loff_t", "int", "short", "char",
					     "bool", "_Bool", "unsigned int", "unsigned short",
					     "unsigned char", "unsigned" };
	while (node_is(a, S_parenthesized_expression) && ts_node_named_child_count(a) == 1)
		a = ts_node_named_child(a, 0);
	if (!node_is(a, S_cast_expression))
		return false;
	TSNode ty = node_field(a, "type");
	if (!ts_node_is_null(node_field(ty, "declarator")))
		return false;
	TSNode tn = node_field(ty, "type");
	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++)
		if (node_text_is(tn, r->text, sizes[i]))
			return true;
	return false;
}

/*
 * An argument whose declared type makes it a user pointer: a parameter
 * declared __user passed as it is (`src`, for `const char __user *src`),
 * or dereferenced down to the level the mark qualifies (`*filename_user`
 * for `const char __user **filename_user`).  A cast is how kernel memory
 * is handed to a __user parameter, so none counts.
 */
static bool user_typed(struct run *r, TSNode a)
{
	int derefs = 0;
	for (int guard = 0; guard < 8; guard++) {
		a = strip_parens(a);
		if (node_is(a, S_pointer_expression) &&
		    node_text_is(node_field(a, "operator"), r->text, "*")) {
			derefs++;
			a = node_field(a, "argument");
		} else if (node_is(a, S_subscript_expression)) {
			derefs++;
			a = ts_node_named_child(a, 0);
		} else {
			break;
		}
	}
	if (!node_is(a, S_identifier))
		return false;
	int k = df_param_index(&r->params, node_ptr(a, r->text), node_len(a));
	if (k < 0 || k >= 32 || !(r->ctx->marked_params & (1u << k)))
		return false;
	int depth = 0;
	for (TSNode d = r->params.v[k].decl; !ts_node_is_null(d); d = node_field(d, "declarator"))
		if (node_is(d, S_pointer_declarator))
			depth++;
	return depth >= 1 && derefs == depth - 1;
}

/*
 * A routine that raises the limit itself around its access (api.def's
 * A_KDS_ACCESS: probe_kernel_read) given a user pointer: whatever the
 * caller's limit, the address the user chose is read as a kernel one.
 */
static void report_self_raise(struct run *r, const struct state *s, TSNode call, TSNode a,
			      const char *what, bool typed)
{
	char *at = node_text_folded(a, r->text, 40);
	/* (through a header's macro: both names) */
	const char *nm = df_text(&r->d, node_field(call, "function"), 40);
	char *alias = strcmp(nm, what) ? xasprintf(" (a macro for '%s')", what) : xstrdup("");
	limit_report(r, C_USER_PTR_KERNEL_DS, ts_node_start_byte(call), s->h.trace,
		     xasprintf("%s '%s' reaches '%s'%s, which raises the address limit to KERNEL_DS itself "
			       "to access it: an address of the user's choosing in kernel memory is accessed",
			       typed ? "__user pointer" : "user-controlled pointer", at, nm, alias),
		     "a user pointer needs copy_from_user()/strncpy_from_user() (or the _nofault "
		     "user variants), which check it against the user's limit");
	free(alias);
	free(at);
}

void taint_check_call(struct run *r, struct state *s, TSNode call, const struct call_fact *cf,
		      const struct fn_summary **t, size_t nt)
{
	const struct api *ca = cf && !cf->fop ? api_lookup(cf->callee, strlen(cf->callee)) : NULL;
	if (ca && (ca->roles & A_KDS_ACCESS)) {
		TSNode args = node_field(call, "arguments");
		uint32_t nargs = ts_node_named_child_count(args);
		for (uint32_t i = 0; i < nargs && i < 32; i++) {
			if (!(ca->user_args & (1u << i)))
				continue;
			TSNode a = ts_node_named_child(args, i);
			/* (access_ok() passed it before: user memory, read as such) */
			if (checked_itself(r, s, a))
				continue;
			r->taint_now = &s->taint;
			bool taint = r->tainted.n && carries(r, a, 0) && !size_cast(r, a);
			r->taint_now = NULL;
			/* (a trap's saved pc read to show or step the faulting
			 * instruction: kgdb, die(); what user mode chose there is
			 * check_limit_uregs.c's, for accesses under KERNEL_DS) */
			if (taint && ureg_origin(r, s, a))
				continue;
			if (!taint && !user_typed(r, a))
				continue;
			report_self_raise(r, s, call, a, cf->callee, !taint);
		}
		return;
	}

	TSNode args = node_field(call, "arguments");
	uint32_t nargs = ts_node_named_child_count(args);
	uint32_t sinkmask = cf ? sink_args(cf->callee, strlen(cf->callee), cf->fop) : 0;
	for (size_t i = 0; i < nt; i++)
		sinkmask |= t[i]->sinks;
	for (uint32_t i = 0; i < nargs && i < 32; i++) {
		TSNode a = ts_node_named_child(args, i);
		r->taint_now = &s->taint;
		bool taint = r->tainted.n && carries(r, a, 0) && !size_cast(r, a);
		r->taint_now = NULL;
		/* (a callee that touches the limit is analysed: its own
		 * dataflow says which limit its uaccess sees) */
		for (size_t k = 0; !taint && (s->limit & LV_KERNEL) && k < nt; k++)
			if (!t[k]->analysed && (t[k]->usinks & (1u << i))) {
				report_uaddr_field(r, s, call, a, t[k]);
				break;
			}
		uint32_t pm = cf && cf->argmask && i < cf->nargs && i < 64 ? cf->argmask[i] : 0;
		uint32_t checked = checked_itself(r, s, a);
		pm &= ~checked;
		/* (an entry's own user pointer that access_ok() passed before
		 * the raise points to user memory, as for pm) */
		if (checked)
			taint = false;
		/* a user parameter this path no longer passes (found NULL,
		 * replaced by a kernel copy: `if (timeout) { copy_from_user(&kt,
		 * timeout, ...); timeout = &kt; }`) is no window's sink for the
		 * callers: the argument mask does not follow paths, the taint does */
		if (!taint)
			pm &= ~r->ctx->user_params;
		if ((s->limit & LV_KERNEL) && (sinkmask & (1u << i)) && (taint || pm)) {
			const char *what = callee_text(cf, call, r);
			if (taint) {
				char *at = node_text_folded(a, r->text, 40);
				const struct df_trace *tr = s->h.trace;
				for (size_t k = 0; k < nt && !(sink_args(cf ? cf->callee : NULL,
									cf ? strlen(cf->callee) : 0,
									cf && cf->fop) & (1u << i)); k++) {
					if (!(t[k]->sinks & (1u << i)) || !t[k]->sink_path)
						continue;
					char *note = xasprintf("'%s' passes it on to '%s'", t[k]->name,
							       t[k]->sink_what);
					tr = df_note(&r->d, tr, T_NOTE, t[k]->sink_path, t[k]->sink_at,
						       arena_strndup(&r->d.arena, note, strlen(note)));
					free(note);
					break;
				}
				const char *frame = ureg_origin(r, s, a);
				limit_report(r, C_USER_PTR_KERNEL_DS, ts_node_start_byte(call), tr,
				       frame ? xasprintf("address '%s' comes from the registers '%s', which user space chose when the trap came from user mode (no user_mode() test rules that out), and reaches '%s' while the address limit may be KERNEL_DS",
							 at, frame, what)
					     : xasprintf("user-controlled pointer '%s' reaches '%s' while the address limit may be KERNEL_DS",
							 at, what),
				       "access_ok() lets any address through while KERNEL_DS is in force");
				free(at);
			}
			if (!taint && (pm & r->ctx->open_params))
				report_open_param(r, s, pm & r->ctx->open_params, what, call, NULL, NULL);
			if (pm && r->ctx->env) {
				struct wsink w = { .path = r->ctx->path, .out = r->ctx->out,
						   .at = source_at(r->ctx->src, ts_node_start_byte(call)),
						   .fn = r->name,
						   .what = arena_strndup(r->ctx->env->strings, what,
									 strlen(what)) };
				add_wsink_marked(r, pm, &w, true);
			}
		}
		for (size_t k = 0; k < nt; k++) {
			for (int j = 0; j < t[k]->nwsink; j++) {
				const struct wsink *w = &t[k]->wsink[j];
				if (w->param != i)
					continue;
				if (taint) {
					char *at = node_text_folded(a, r->text, 40);
					char *note = xasprintf("'%s' passes the user-controlled pointer '%s' to '%s'",
							       r->ctx->g->name, at, t[k]->name);
					const struct df_trace *tr = df_note(
						&r->d, NULL, T_NOTE, r->ctx->path, source_at(r->ctx->src, ts_node_start_byte(call)),
						arena_strndup(&r->d.arena, note, strlen(note)));
					free(note);
					limit_report_in(r, C_USER_PTR_KERNEL_DS, w->out, w->path, w->at, w->fn, tr,
						  xasprintf("user-controlled pointer '%s' from '%s' reaches '%s' while '%s' holds the address limit at KERNEL_DS",
							    at, r->ctx->g->name, w->what, w->fn),
						  "access_ok() lets any address through while KERNEL_DS is in force");
					free(at);
				} else if (w->uparam && pm && !passes_param_itself(a)) {
					/* a value read through a parameter (req->buf): where
					 * it came from is the caller's caller's business, and
					 * no kernel object is in sight; a local of this
					 * function that carries no user pointer is one */
					report_unknown_arg(r, call, a, w, t[k]);
				} else if (w->uparam && (pm & r->ctx->open_params)) {
					report_open_param(r, s, pm & r->ctx->open_params, w->what, call, w, t[k]);
				}
				if (pm)
					add_wsink_marked(r, pm, w, w->uparam && passes_param_itself(a));
			}
		}
	}
}

/* A NULL test of a tracked pointer: `p`, `!p`, `p == NULL`, `p != NULL`. */
int taint_null_test(struct run *r, TSNode n, bool *on_true)
{
	n = strip_parens(n);
	bool neg = false;
	if (node_is(n, S_unary_expression) && node_text_is(node_field(n, "operator"), r->text, "!")) {
		neg = true;
		n = strip_parens(node_field(n, "argument"));
	} else if (node_is(n, S_binary_expression)) {
		TSNode op = node_field(n, "operator");
		bool eq = node_text_is(op, r->text, "==");
		if (!eq && !node_text_is(op, r->text, "!="))
			return -1;
		TSNode rhs = node_field(n, "right");
		if (literal_truth(rhs, r->text) != 0)
			return -1;
		neg = eq;
		n = strip_parens(node_field(n, "left"));
	}
	if (!node_is(n, S_identifier))
		return -1;
	int i = list_index(r->tainted.v, r->tainted.n, node_ptr(n, r->text), node_len(n));
	if (i < 0 || i >= 32)
		return -1;
	*on_true = neg;
	return i;
}

void taint_assign(struct run *r, struct state *s, TSNode lhs, TSNode rhs)
{
	TSNode id = strip_parens(lhs);
	s->checked &= ~checked_itself(r, s, id);	/* a new value: access_ok() was for the old */
	int ti = r->tainted.n && node_is(id, S_identifier)
		 ? list_index(r->tainted.v, r->tainted.n, node_ptr(id, r->text), node_len(id)) : -1;
	if (ti >= 0 && ti < 32) {
		r->taint_now = &s->taint;
		bool c = !ts_node_is_null(rhs) && carries(r, rhs, 0);
		r->taint_now = NULL;
		s->taint = c ? s->taint | (1u << ti) : s->taint & ~(1u << ti);
	}
}

/*
 * access_ok() is a range check against the limit: while the limit is
 * USER_DS a kernel address cannot pass it, so a parameter that passed
 * it before any raise is no user-chosen kernel address in the window
 * after (sysn32_waitid's fix).  Under KERNEL_DS (or the caller's limit,
 * which may be KERNEL_DS) it lets anything through and decides nothing.
 * A checked copy (`if (copy_from_user(&k, arg, sizeof(k))) return
 * -EFAULT;`) made under USER_DS did the same test of its user pointer
 * where it returned 0 (oabi fcntl64 copies the same struct back out
 * under KERNEL_DS).
 */
void taint_range_test(struct run *r, const struct state *s, TSNode n)
{
	r->range_param = r->range_taint = -1;
	if (!s->limit || (s->limit & ~(lv_t)(LV_ENTRY | LV_USER)))
		return;
	bool neg = false;
	n = strip_parens(n);
	while (node_is(n, S_unary_expression) && node_text_is(node_field(n, "operator"), r->text, "!")) {
		neg = !neg;
		n = strip_parens(node_field(n, "argument"));
	}
	if (!node_is(n, S_call_expression))
		return;
	size_t len;
	const char *name = call_name(n, r->text, &len);
	TSNode args = node_field(n, "arguments");
	uint32_t na = ts_node_named_child_count(args);
	const struct api *a = name ? api_lookup(name, len) : NULL;
	bool copy = a && (a->roles & A_CHECKED_UACCESS) && a->user_args;
	if (!a || !(copy || ((a->roles & A_RANGE_CHECK) && na >= 2)))
		return;
	uint32_t ui = copy ? (uint32_t)__builtin_ctz(a->user_args) : na - 2;
	if (ui >= na)
		return;
	TSNode p = strip_parens(ts_node_named_child(args, ui));
	if (node_is(p, S_cast_expression))
		p = strip_parens(node_field(p, "value"));
	if (!node_is(p, S_identifier))
		return;
	for (int k = 0; k < r->params.n && k < 32; k++)
		if (r->params.v[k].len == node_len(p) &&
		    !memcmp(r->params.v[k].name, node_ptr(p, r->text), node_len(p)))
			r->range_param = k;
	/* a local user pointer that passed it (sys32_sysctl's namep =
	 * compat_ptr(a32.name)) holds a user address as well */
	int ti = list_index(r->tainted.v, r->tainted.n, node_ptr(p, r->text), node_len(p));
	r->range_taint = ti >= 0 && ti < 32 ? ti : -1;
	/* (a copy checked its own range only, and clearing a local's taint
	 * would clear what is computed from it too: `copy_from_user(&h, uh,
	 * sizeof(h))` says nothing of `uh + 1` for h.len bytes) */
	if (copy)
		r->range_taint = -1;
	/* access_ok() is true where it passed; a copy returns 0 there */
	r->range_on_true = copy ? neg : !neg;
}
