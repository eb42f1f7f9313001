// SPDX-License-Identifier: GPL-2.0
/*
 * Register frames as a source of user pointers (check_limit_int.h).  In a
 * trap or fault handler the saved pc, sp, lr of a `struct pt_regs *`
 * (instruction_pointer(regs), regs->ARM_pc, regs->regs[29]: the API
 * table's A_UREG_* names) are whatever user space had in its registers
 * when the trap came from user mode; reading through them with
 * __get_user() under KERNEL_DS reads kernel memory of the user's choosing
 * (arm's and arm64's dump_instr, fixed in 2016-2017).  A frame is a source
 * until the kernel-mode edge of a user_mode() test (or the architecture's
 * own: kmode.h), and none at all in a static function whose every call in
 * the file is made with kernel-mode registers (`if (!user_mode(regs))
 * dump_instr(...)`), in one every call of which in the whole tree is
 * (program.c counts them: m68k's show_registers after die_if_kernel's
 * `if (!(fp->sr & PS_S)) return;`), or in one whose author asserts it
 * (`WARN_ON(user_mode(regs))`).
 */
#include "check_limit_int.h"

#include <stdlib.h>
#include <string.h>

#include "api.h"
#include "kmode.h"

static int frame_index(const struct run *r, TSNode id)
{
	if (!node_is(id, S_identifier))
		return -1;
	for (size_t i = 0; i < r->tainted.n && i < 32; i++)
		if ((r->ureg_bits & (1u << i)) && strlen(r->tainted.v[i]) == node_len(id) &&
		    !memcmp(r->tainted.v[i], node_ptr(id, r->text), node_len(id)))
			return (int)i;
	return -1;
}

static bool live(const struct run *r, int i)
{
	return !r->taint_now || (*r->taint_now & (1u << i));
}

bool uregs_is_frame(struct run *r, TSNode n)
{
	return frame_index(r, strip_parens(n)) >= 0;
}

int uregs_carries(struct run *r, TSNode e)
{
	e = strip_parens(e);
	if (node_is(e, S_field_expression)) {
		TSNode f = node_field(e, "field");
		if (!api_is(node_ptr(f, r->text), node_len(f), A_UREG_FIELD))
			return -1;
		int i = frame_index(r, strip_parens(node_field(e, "argument")));
		return i < 0 ? -1 : live(r, i);
	}
	if (node_is(e, S_call_expression)) {
		size_t len;
		const char *name = call_name(e, r->text, &len);
		if (!api_is(name, len, A_UREG_READ))
			return -1;
		TSNode a = ts_node_named_child(node_field(e, "arguments"), 0);
		int i = frame_index(r, strip_parens(a));
		return i < 0 ? -1 : live(r, i);
	}
	return -1;
}

/* Does the declared type name the register frame (struct pt_regs)? */
static bool frame_type(const struct run *r, TSNode decl)
{
	TSNode type = node_field(decl, "type");
	if (node_is(type, S_struct_specifier))
		type = node_field(type, "name");
	return node_is(type, S_type_identifier) &&
	       api_is(node_ptr(type, r->text), node_len(type), A_UREG_TYPE);
}

static void add_frame(struct run *r, const char *p, size_t len)
{
	for (size_t i = 0; i < r->tainted.n; i++)
		if (strlen(r->tainted.v[i]) == len && !memcmp(r->tainted.v[i], p, len))
			return;	/* already a source of another kind */
	if (r->tainted.n >= 32)
		return;
	r->ureg_bits |= 1u << r->tainted.n;
	VEC_PUSH(r->tainted, arena_strndup(&r->d.arena, p, len));
}

static void local_frames(struct run *r, TSNode n, int depth)
{
	if (ts_node_is_null(n) || depth > 200)
		return;
	if (node_is(n, S_declaration) && frame_type(r, n)) {
		uint32_t c = ts_node_named_child_count(n);
		for (uint32_t i = 0; i < c; i++) {
			TSNode d = ts_node_named_child(n, i);
			if (!node_is(d, S_init_declarator) && !node_is(d, S_pointer_declarator))
				continue;
			TSNode id = declarator_name(node_is(d, S_init_declarator)
						    ? node_field(d, "declarator") : d);
			if (node_is(id, S_identifier))
				add_frame(r, node_ptr(id, r->text), node_len(id));
		}
		return;
	}
	uint32_t c = ts_node_named_child_count(n);
	for (uint32_t i = 0; i < c; i++)
		local_frames(r, ts_node_named_child(n, i), depth + 1);
}

int uregs_mode_test(struct run *r, TSNode cond)
{
	return kmode_test(cond, r->text);
}

struct calls_of {
	const struct run *r;
	const char *name;
	int calls, guarded;
};

static bool visit_calls(TSNode n, void *ctx)
{
	struct calls_of *c = ctx;
	if (!node_is(n, S_call_expression))
		return true;
	size_t len;
	const char *name = call_name(n, c->r->text, &len);
	if (name && name_is(name, len, c->name)) {
		c->calls++;
		c->guarded += kmode_call_guarded(n, c->r->text);
	}
	return true;
}

/* A static function all of whose calls in the file pass kernel-mode registers. */
static bool only_kernel_callers(struct run *r)
{
	const struct cfg *g = r->ctx->g;
	if (!function_is_static(g->fn, r->text))
		return false;
	TSNode root = g->fn;
	for (TSNode up = ts_node_parent(root); !ts_node_is_null(up); up = ts_node_parent(up))
		root = up;
	struct calls_of c = { r, g->name, 0, 0 };
	node_walk(root, visit_calls, &c);
	return c.calls > 0 && c.calls == c.guarded;
}

struct asserts {
	const struct run *r;
	bool kernel;		/* WARN_ON(user_mode(regs)) seen */
};

static bool visit_asserts(TSNode n, void *ctx)
{
	struct asserts *a = ctx;
	if (!node_is(n, S_call_expression))
		return true;
	size_t len;
	const char *name = call_name(n, a->r->text, &len);
	if (api_is(name, len, A_ASSERT) &&
	    kmode_test(ts_node_named_child(node_field(n, "arguments"), 0), a->r->text) == 1)
		a->kernel = true;
	return true;
}

bool uregs_add_frames(struct run *r)
{
	size_t n0 = r->tainted.n;
	for (int i = 0; i < r->params.n; i++)
		if (r->params.v[i].len && frame_type(r, r->params.v[i].decl))
			add_frame(r, r->params.v[i].name, r->params.v[i].len);
	local_frames(r, node_field(r->ctx->g->fn, "body"), 0);
	if (r->tainted.n == n0)
		return false;
	struct asserts as = { r, false };
	node_walk(node_field(r->ctx->g->fn, "body"), visit_asserts, &as);
	/* (an asmlinkage function is an entry point: kmode_callers is
	 * false, the assembly calls it with any registers) */
	if (as.kernel || r->ctx->kmode_callers || only_kernel_callers(r)) {
		r->tainted.n = n0;
		r->ureg_bits = 0;
		return false;
	}
	return true;
}

void uregs_check_call(struct run *r, struct state *s, TSNode call,
		      const struct fn_summary **t, size_t nt)
{
	TSNode args = node_field(call, "arguments");
	uint32_t nargs = ts_node_named_child_count(args);
	for (uint32_t i = 0; i < nargs && i < 32; i++) {
		int fi = frame_index(r, strip_parens(ts_node_named_child(args, i)));
		if (fi < 0 || !(s->taint & (1u << fi)))
			continue;
		for (size_t k = 0; k < nt; k++) {
			if (!(t[k]->sinks & (1u << i)))
				continue;
			const struct df_trace *tr = s->h.trace;
			if (t[k]->sink_path) {
				char *note = xasprintf("'%s' reads through an address it takes from them with '%s'",
						       t[k]->name, t[k]->sink_what);
				tr = df_note(&r->d, tr, T_NOTE, t[k]->sink_path, t[k]->sink_at,
					     arena_strndup(&r->d.arena, note, strlen(note)));
				free(note);
			}
			limit_report(r, C_USER_PTR_KERNEL_DS, ts_node_start_byte(call), tr,
				     xasprintf("the registers '%s' may be a user-mode trap's (no user_mode() test rules that out) "
					       "and '%s' reads through their saved pc/sp while the address limit may be KERNEL_DS",
					       r->tainted.v[fi], t[k]->name),
				     "access_ok() lets any address through while KERNEL_DS is in force");
			return;
		}
	}
}
