// SPDX-License-Identifier: GPL-2.0
/*
 * Per-file facts for the whole-tree analysis (see facts.h).
 */
#include "facts.h"

#include <ctype.h>

#include <stdlib.h>
#include <string.h>

#include "api.h"
#include "cfg.h"
#include "kmode.h"

/* --- parameters ---------------------------------------------------------- */

int function_params(TSNode fn, const char *text, struct param *out, int max)
{
	(void)text;
	TSNode fd = function_declarator_of(fn);
	TSNode list = node_field(fd, "parameters");
	if (ts_node_is_null(list))
		return 0;
	int n = 0;
	uint32_t c = ts_node_named_child_count(list);
	for (uint32_t i = 0; i < c && n < max; i++) {
		TSNode p = ts_node_named_child(list, i);
		if (!node_is(p, S_parameter_declaration))
			continue;
		TSNode id = declarator_name(node_field(p, "declarator"));
		out[n].decl = p;
		out[n].name = ts_node_is_null(id) ? NULL : node_ptr(id, text);
		out[n].len = ts_node_is_null(id) ? 0 : node_len(id);
		n++;
	}
	return n;
}

bool function_is_static(TSNode fn, const char *text)
{
	uint32_t c = ts_node_named_child_count(fn);
	for (uint32_t i = 0; i < c; i++) {
		TSNode ch = ts_node_named_child(fn, i);
		if (node_is(ch, S_storage_class_specifier) && node_text_is(ch, text, "static"))
			return true;
	}
	return false;
}

/* --- uaccess routines ---------------------------------------------------- */

uint32_t sink_args(const char *name, size_t len, bool fop)
{
	if (!name)
		return 0;
	if (name[0] == '.') {
		if (fop && ((len == 5 && !memcmp(name, ".read", 5)) ||
			    (len == 6 && !memcmp(name, ".write", 6))))
			return 2;
		return 0;
	}
	const struct api *a = api_lookup(name, len);
	return a ? a->user_args : 0;
}

/* --- one function -------------------------------------------------------- */

struct alias {
	const char *name;
	size_t len;
	uint32_t mask;
};

struct fn_walk {
	struct file_facts *ff;	/* bindings and registrations found in the body go here */
	const char *text;
	const struct param *params;
	int nparams;
	VEC(struct alias) aliases;
	VEC(TSNode) assigns;	/* assignment_expression / init_declarator */
	VEC(TSNode) calls;
	bool has_noreturn_call;
	bool has_return;
	bool mode_tests;	/* a test of a trap's mode (kmode.h) is in the body */
};

static uint32_t name_mask(struct fn_walk *w, const char *p, size_t len)
{
	for (int i = 0; i < w->nparams; i++)
		if (w->params[i].len == len && !memcmp(w->params[i].name, p, len))
			return 1u << i;
	for (size_t i = 0; i < w->aliases.n; i++)
		if (w->aliases.v[i].len == len && !memcmp(w->aliases.v[i].name, p, len))
			return w->aliases.v[i].mask;
	return 0;
}

/* The operands an address flows through in n: a conditional's two arms,
 * the sides of a `+` or `-`.  How many (0: n is none of those). */
static int value_parts(const struct fn_walk *w, TSNode n, TSNode part[2])
{
	if (node_is(n, S_conditional_expression)) {
		part[0] = node_field(n, "consequence");
		part[1] = node_field(n, "alternative");
		return 2;
	}
	if (node_is(n, S_binary_expression)) {
		TSNode op = node_field(n, "operator");
		if (!node_text_is(op, w->text, "+") && !node_text_is(op, w->text, "-"))
			return 0;
		part[0] = node_field(n, "left");
		part[1] = node_field(n, "right");
		return 2;
	}
	return 0;
}

/* The left and right of an assignment or an initialised declarator. */
static void assign_sides(TSNode a, TSNode *lhs, TSNode *rhs)
{
	if (node_is(a, S_init_declarator)) {
		*lhs = declarator_name(node_field(a, "declarator"));
		*rhs = node_field(a, "value");
	} else {
		*lhs = strip_parens(node_field(a, "left"));
		*rhs = node_field(a, "right");
	}
}

/*
 * The parameters whose pointer value an expression carries: through
 * casts, `+`/`-` offsets, `?:`, fields and elements (`p->buf`, `&p->hdr`,
 * `p[i]`) and the pointer conversions (`compat_ptr`); not through other
 * calls or arithmetic (`page_address(alloc_pages(get_order(len)))` is a
 * kernel buffer whatever len is).
 */
static uint32_t expr_mask(struct fn_walk *w, TSNode n, int depth)
{
	n = strip_parens(n);
	if (ts_node_is_null(n) || depth > 32)
		return 0;
	if (node_is(n, S_identifier))
		return name_mask(w, node_ptr(n, w->text), node_len(n));
	if (node_is(n, S_field_expression))
		return expr_mask(w, node_field(n, "argument"), depth + 1);
	if (node_is(n, S_subscript_expression))
		return expr_mask(w, ts_node_named_child(n, 0), depth + 1);
	if (node_is(n, S_pointer_expression))
		return expr_mask(w, node_field(n, "argument"), depth + 1);
	TSNode part[2];
	if (value_parts(w, n, part))
		return expr_mask(w, part[0], depth + 1) | expr_mask(w, part[1], depth + 1);
	if (node_is(n, S_call_expression)) {
		size_t len;
		const char *name = call_name(n, w->text, &len);
		/* the pointer conversions, and the addresses read out of a
		 * register frame (instruction_pointer(regs)) */
		if (api_is(name, len, A_USER_PTR_SOURCE | A_UREG_READ))
			return expr_mask(w, ts_node_named_child(node_field(n, "arguments"), 0),
					 depth + 1);
	}
	return 0;
}

/*
 * The parameters whose field that always holds a user-space address
 * (A_UADDR_FIELD: `vma->vm_start`) expression n is, through casts, an
 * offset, a conditional, or a local assigned from one (`u32 __user *h =
 * (u32 __user *)vma->vm_start;`); 0 when none.
 */
static uint32_t uaddr_mask(struct fn_walk *w, TSNode n, int depth)
{
	n = strip_parens(n);
	if (ts_node_is_null(n) || depth > 8)
		return 0;
	if (node_is(n, S_field_expression)) {
		TSNode f = node_field(n, "field");
		if (!api_is(node_ptr(f, w->text), node_len(f), A_UADDR_FIELD))
			return 0;
		return expr_mask(w, node_field(n, "argument"), 0);
	}
	TSNode part[2];
	if (value_parts(w, n, part))
		return uaddr_mask(w, part[0], depth + 1) | uaddr_mask(w, part[1], depth + 1);
	if (!node_is(n, S_identifier))
		return 0;
	uint32_t m = 0;
	for (size_t i = 0; i < w->assigns.n; i++) {
		TSNode lhs, rhs;
		assign_sides(w->assigns.v[i], &lhs, &rhs);
		if (node_is(lhs, S_identifier) && !ts_node_is_null(rhs) &&
		    node_len(lhs) == node_len(n) &&
		    !memcmp(node_ptr(lhs, w->text), node_ptr(n, w->text), node_len(n)))
			m |= uaddr_mask(w, rhs, depth + 1);
	}
	return m;
}

static void note_binding(struct file_facts *ff, const char *text, TSNode n);

static bool visit_body(TSNode n, void *ctx)
{
	struct fn_walk *w = ctx;
	note_binding(w->ff, w->text, n);
	if (node_is(n, S_call_expression)) {
		VEC_PUSH(w->calls, n);
		size_t len;
		const char *name = call_name(n, w->text, &len);
		if (name && is_noreturn_call(w->ff->ctl, name, len))
			w->has_noreturn_call = true;
		if (name && api_is(name, len, A_USER_MODE_TEST | A_KMODE_MARK | A_UMODE_MARK))
			w->mode_tests = true;
	} else if (node_is(n, S_identifier)) {
		if (api_is(node_ptr(n, w->text), node_len(n), A_KMODE_MARK | A_UMODE_MARK))
			w->mode_tests = true;
	} else if (node_is(n, S_assignment_expression) || node_is(n, S_init_declarator)) {
		VEC_PUSH(w->assigns, n);
	} else if (node_is(n, S_return_statement)) {
		w->has_return = true;
	}
	return true;
}

static void alias_closure(struct fn_walk *w)
{
	for (int round = 0; round < 4; round++) {
		bool changed = false;
		for (size_t i = 0; i < w->assigns.n; i++) {
			TSNode lhs, rhs;
			assign_sides(w->assigns.v[i], &lhs, &rhs);
			if (!node_is(lhs, S_identifier) || ts_node_is_null(rhs))
				continue;
			uint32_t m = expr_mask(w, rhs, 0);
			if (!m)
				continue;
			const char *p = node_ptr(lhs, w->text);
			size_t len = node_len(lhs);
			bool found = false;
			for (size_t k = 0; k < w->aliases.n; k++) {
				struct alias *al = &w->aliases.v[k];
				if (al->len == len && !memcmp(al->name, p, len)) {
					found = true;
					if ((al->mask | m) != al->mask) {
						al->mask |= m;
						changed = true;
					}
				}
			}
			if (!found) {
				struct alias al = { p, len, m };
				VEC_PUSH(w->aliases, al);
				changed = true;
			}
		}
		if (!changed)
			break;
	}
}

/*
 * Is base (`X->f_op`, `X.f_op`) the f_op of a file other than one of the
 * calling function's parameters?  A handler that calls through its own
 * `file->f_op` calls its own file's operations; a call through another
 * file's (a struct member, a local from filp_open()) goes to whatever that
 * file is, the block device or filesystem underneath, not to the handlers
 * the caller's file happens to store into the same field.
 */
static bool foreign_fop(TSNode base, const char *text, const struct param *params, int nparams)
{
	base = strip_parens(base);
	if (!node_is(base, S_field_expression) ||
	    !node_text_is(node_field(base, "field"), text, "f_op"))
		return false;
	TSNode obj = strip_parens(node_field(base, "argument"));
	if (!node_is(obj, S_identifier))
		return true;
	for (int i = 0; i < nparams; i++)
		if (params[i].len == node_len(obj) &&
		    !memcmp(params[i].name, node_ptr(obj, text), params[i].len))
			return false;
	return true;
}

/* The callee of a call: its name, or ".field" for a call through a field. */
static const char *callee_of(struct arena *a, TSNode call, const char *text, bool *fop,
			     bool *foreign, const struct param *params, int nparams)
{
	*fop = *foreign = false;
	size_t len;
	const char *name = call_name(call, text, &len);
	if (name)
		return arena_strndup(a, name, len);
	TSNode f = strip_parens(node_field(call, "function"));
	if (node_is(f, S_pointer_expression))
		f = strip_parens(node_field(f, "argument"));
	if (!node_is(f, S_field_expression))
		return NULL;
	TSNode field = node_field(f, "field");
	TSNode base = node_field(f, "argument");
	if (ts_node_is_null(field))
		return NULL;
	const char *bp = node_ptr(base, text);
	size_t bl = node_len(base);
	*fop = (bl >= 4 && (memmem(bp, bl, "f_op", 4) || memmem(bp, bl, "fops", 4)));
	*foreign = *fop && foreign_fop(base, text, params, nparams);
	char *s = arena_alloc(a, node_len(field) + 2);
	s[0] = '.';
	memcpy(s + 1, node_ptr(field, text), node_len(field));
	return s;
}

static bool cfg_returns(const struct cfg *g)
{
	for (size_t i = 0; i < g->blocks.n; i++)
		g->blocks.v[i]->id = (uint32_t)i;
	bool *seen = xcalloc(g->blocks.n, sizeof(bool));
	VEC(struct cfg_block *) stack = {0};
	VEC_PUSH(stack, g->entry);
	seen[g->entry->id] = true;
	bool ret = false;
	while (stack.n && !ret) {
		struct cfg_block *b = stack.v[--stack.n];
		for (size_t i = 0; i < b->elems.n; i++)
			if (b->elems.v[i].kind == EL_RETURN || b->elems.v[i].kind == EL_END)
				ret = true;
		for (size_t i = 0; i < b->succs.n; i++) {
			struct cfg_block *t = b->succs.v[i].to;
			if (!seen[t->id]) {
				seen[t->id] = true;
				VEC_PUSH(stack, t);
			}
		}
	}
	VEC_FREE(stack);
	free(seen);
	return ret;
}

/* --- fields followed as user pointers (check_limit_ufield.c asks) ----------- */

static void ufollow_add(struct file_facts *ff, const char *text, TSNode e)
{
	/* `p->buf`, `(void __user *)p->buf`, `&p->layers[i]`, `p->buf + off` */
	bool addr = false;
	for (int guard = 0; guard < 8; guard++) {
		e = strip_parens(e);
		if (node_is(e, S_cast_expression))
			e = node_field(e, "value");
		else if (!addr && node_is(e, S_pointer_expression) &&
			 node_text_is(node_field(e, "operator"), text, "&") &&
			 node_is(strip_parens(node_field(e, "argument")), S_subscript_expression))
			e = node_field(e, "argument"), addr = true;
		else if (node_is(e, S_subscript_expression) && addr)
			e = ts_node_named_child(e, 0);
		else if (node_is(e, S_binary_expression) &&
			 (node_text_is(node_field(e, "operator"), text, "+") ||
			  node_text_is(node_field(e, "operator"), text, "-")))
			e = node_field(e, "left");
		else
			break;
	}
	if (!node_is(e, S_field_expression))
		return;
	TSNode f = node_field(e, "field");
	if (ts_node_is_null(f))
		return;
	const char *p = node_ptr(f, text);
	size_t len = node_len(f);
	for (size_t i = 0; i < ff->ufollow.n; i++)
		if (strlen(ff->ufollow.v[i]) == len && !memcmp(ff->ufollow.v[i], p, len))
			return;
	VEC_PUSH(ff->ufollow, arena_strndup(&ff->arena, p, len));
}

static bool user_marked(const struct source *src, uint32_t a, uint32_t b)
{
	size_t lo = 0, hi = src->user_marks.n;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (src->user_marks.v[mid] < a)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < src->user_marks.n && src->user_marks.v[lo] < b;
}

struct ufollow_walk {
	struct file_facts *ff;
	const struct source *src;
};

/* `(void __user *)edid->edid`: the field is a user pointer to whoever casts it */
static bool visit_ucast(TSNode n, void *ctx)
{
	struct ufollow_walk *w = ctx;
	if (node_is(n, S_cast_expression) && w->src->user_marks.n) {
		TSNode t = node_field(n, "type");
		if (user_marked(w->src, ts_node_start_byte(t), ts_node_end_byte(t)))
			ufollow_add(w->ff, w->src->text, node_field(n, "value"));
	}
	return true;
}

/* Does the text before a definition's declarator say inline?  `noinline`
 * (and noinline_for_stack) says the opposite. */
static bool says_inline(const char *p, size_t n)
{
	for (const char *q = p; (q = memmem(q, n - (size_t)(q - p), "inline", 6)); q += 6)
		if (q - p < 2 || q[-2] != 'n' || q[-1] != 'o')
			return true;
	return false;
}

/* Does the head of the definition at start (its declarator at d0) say
 * asmlinkage?  Normalisation blanked the word, so the definition begins
 * after it: the raw text is read back over the blanks before start. */
static bool says_asmlinkage(const struct source *src, uint32_t start, uint32_t d0)
{
	uint32_t a = start;
	while (a > 0 && (src->text[a - 1] == ' ' || src->text[a - 1] == '\t' ||
			 src->text[a - 1] == '\n'))
		a--;
	return d0 > a && memmem(src->raw + a, d0 - a, "asmlinkage", 10);
}

static void collect_fn(struct file_facts *ff, const struct source *src, TSNode fn,
		       struct fn_fact *f)
{
	const char *text = src->text;
	struct param params[MAX_PARAMS];
	struct fn_walk w = { .ff = ff, .text = text, .params = params };
	w.nparams = function_params(fn, text, params, MAX_PARAMS);
	TSNode decls[MAX_PARAMS];
	for (int i = 0; i < w.nparams; i++) {
		if (!params[i].name)
			params[i].len = 0;
		decls[i] = params[i].decl;
	}
	entries_note_params(&ff->regs, f->name, decls, w.nparams, text);
	f->nparams = (uint8_t)w.nparams;
	f->is_static = function_is_static(fn, text);
	TSNode d = node_field(fn, "declarator");
	uint32_t d0 = ts_node_is_null(d) ? f->start : ts_node_start_byte(d);
	f->is_inline = d0 > f->start && says_inline(src->raw + f->start, d0 - f->start);
	f->always_inline = f->is_inline &&
			   memmem(src->raw + f->start, d0 - f->start, "always_inline", 13);
	f->asmlinkage = !f->is_static && says_asmlinkage(src, f->start, d0);
	f->direct = api_has_substr(text + f->start, f->end - f->start, SUB_LIMIT);
	node_walk(node_field(fn, "body"), visit_body, &w);
	struct ufollow_walk uw = { ff, src };
	if (src->user_marks.n)
		node_walk(node_field(fn, "body"), visit_ucast, &uw);
	alias_closure(&w);
	f->calls = arena_alloc(&ff->arena, (w.calls.n ? w.calls.n : 1) * sizeof(struct call_fact));
	for (size_t i = 0; i < w.calls.n; i++) {
		TSNode call = w.calls.v[i];
		struct call_fact *c = &f->calls[f->ncalls];
		entries_note_call(&ff->regs, call, text);
		c->callee = callee_of(&ff->arena, call, text, &c->fop, &c->foreign, params, w.nparams);
		if (!c->callee)
			continue;
		/* `#define ksu_strncpy_from_user_nofault probe_kernel_read` in a
		 * header: the call is the routine's (macros.h, CM_API) */
		const char *to = c->fop ? NULL : macros_api_alias(ff->ctl, c->callee, strlen(c->callee));
		if (to)
			c->callee = arena_strndup(&ff->arena, to, strlen(to));
		c->off = ts_node_start_byte(call);
		TSNode args = node_field(call, "arguments");
		uint32_t na = ts_node_named_child_count(args);
		c->kmode = w.mode_tests && na && kmode_call_guarded(call, text);
		c->nargs = (uint8_t)(na > 255 ? 255 : na);
		uint32_t ua = sink_args(c->callee, strlen(c->callee), c->fop);
		/* (probe_kernel_read() raises the limit itself: a function
		 * calling one is analysed as one whose text changes it) */
		if (ua && !c->fop && api_is_str(c->callee, A_KDS_ACCESS))
			f->direct = true;
		for (uint32_t k = 0; ua && k < na && k < 32; k++)
			if (ua & (1u << k))
				ufollow_add(ff, text, ts_node_named_child(args, k));
		uint32_t any = 0;
		uint32_t masks[64] = {0};
		for (uint32_t k = 0; k < na && k < 64; k++) {
			masks[k] = w.nparams ? expr_mask(&w, ts_node_named_child(args, k), 0) : 0;
			any |= masks[k];
		}
		if (any) {
			uint32_t n = na < 64 ? na : 64;
			c->argmask = arena_alloc(&ff->arena, n * sizeof(uint32_t));
			memcpy(c->argmask, masks, n * sizeof(uint32_t));
			uint32_t sa = sink_args(c->callee, strlen(c->callee), c->fop);
			for (uint32_t k = 0; k < n; k++) {
				if (k >= 32 || !(sa & (1u << k)) || !masks[k])
					continue;
				f->sinks |= masks[k];
				f->usinks |= uaddr_mask(&w, ts_node_named_child(args, k), 0) & masks[k];
				if (!f->sink_callee) {
					f->sink_callee = c->callee[0] == '.' ? "f_op" : c->callee;
					source_pos(src, c->off, &f->sink_line, &f->sink_col);
					f->sink_col_cp = source_col_cp(src, c->off);
				}
			}
		}
		f->ncalls++;
	}
	TSNode body = node_field(fn, "body");
	uint32_t nb = ts_node_named_child_count(body);
	for (uint32_t i = nb; i-- > 0 && !w.has_return;) {
		TSNode last = ts_node_named_child(body, i);
		if (node_is(last, S_comment))
			continue;
		TSNode call = ts_node_named_child(last, 0);
		size_t len;
		const char *name = node_is(last, S_expression_statement) &&
				   node_is(call, S_call_expression) ? call_name(call, text, &len) : NULL;
		if (name)
			f->tail = arena_strndup(&ff->arena, name, len);
		break;
	}
	if (w.has_noreturn_call && !f->unanalysable) {
		struct arena a;
		arena_init(&a);
		struct cfg g;
		cfg_build(&g, &a, text, fn, f->name, ff->ctl);
		f->noreturn = !cfg_returns(&g);
		cfg_release(&g);
		arena_release(&a);
	}
	VEC_FREE(w.aliases);
	VEC_FREE(w.assigns);
	VEC_FREE(w.calls);
}

/* --- bindings: functions stored into fields ------------------------------- */

static void add_binding(struct file_facts *ff, const char *text, TSNode field, TSNode val)
{
	val = strip_parens(val);
	if (node_is(val, S_pointer_expression))
		val = strip_parens(node_field(val, "argument"));
	if (ts_node_is_null(field) || !node_is(val, S_identifier))
		return;
	struct binding b = {
		arena_strndup(&ff->arena, node_ptr(field, text), node_len(field)),
		arena_strndup(&ff->arena, node_ptr(val, text), node_len(val)),
		ts_node_start_byte(field),
	};
	VEC_PUSH(ff->binds, b);
}

struct bind_walk {
	struct file_facts *ff;
	const char *text;
	const TSNode *fns;	/* the definitions collect_fn() walked, in order */
	size_t nfns, next;
};

/* `.field = fn` or `x->field = fn` at n: a binding (and maybe an entry). */
static void note_binding(struct file_facts *ff, const char *text, TSNode n)
{
	if (node_is(n, S_initializer_pair)) {
		TSNode f = pair_field(n);
		if (!ts_node_is_null(f))
			add_binding(ff, text, f, node_field(n, "value"));
	} else if (node_is(n, S_assignment_expression)) {
		TSNode lhs = strip_parens(node_field(n, "left"));
		if (node_is(lhs, S_field_expression)) {
			add_binding(ff, text, node_field(lhs, "field"), node_field(n, "right"));
			entries_note_assignment(&ff->regs, n, text);
		}
	}
}

/* Outside the function bodies already walked: the file-scope initializers. */
static bool visit_binding(TSNode n, void *ctx)
{
	struct bind_walk *bw = ctx;
	if (node_is(n, S_function_definition)) {
		uint32_t at = ts_node_start_byte(n);
		while (bw->next < bw->nfns && ts_node_start_byte(bw->fns[bw->next]) < at)
			bw->next++;
		if (bw->next < bw->nfns && ts_node_eq(bw->fns[bw->next], n))
			return false;
	}
	note_binding(bw->ff, bw->text, n);
	return true;
}

/* --- bindings hidden in the file's own macros ------------------------------ */

static bool ident_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/* A designator a function-like macro fills from its parameter:
 * `#define TSP_CMD(name, func) .cmd_name = name, .cmd_func = func`. */
struct macro_bind {
	const char *name;
	size_t nlen;
	const char *field;
	size_t flen;
	int param;
};

#define MAX_MACRO_BINDS 64

/* The arguments of the call whose `(` is at t[i]: up to max, each trimmed. */
static int split_args(const char *t, size_t n, size_t i, const char **args, size_t *alen, int max)
{
	int na = 0, depth = 0;
	size_t s = i + 1;
	for (size_t k = i + 1; k < n && k < i + 512 && na < max; k++) {
		char c = t[k];
		if (c == '"') {		/* a string argument: to its end */
			while (++k < n && t[k] != '"' && t[k] != '\n')
				k += t[k] == '\\';
			continue;
		}
		if (c == '(' || c == '{' || c == '[') {
			depth++;
		} else if ((c == ')' || c == '}' || c == ']') && depth) {
			depth--;
		} else if ((c == ',' || c == ')') && !depth) {
			size_t a = s, e = k;
			while (a < e && isspace((unsigned char)t[a]))
				a++;
			while (e > a && isspace((unsigned char)t[e - 1]))
				e--;
			args[na] = t + a;
			alen[na++] = e - a;
			s = k + 1;
			if (c == ')')
				break;
		} else if (c == ';' || c == '}') {
			break;
		}
	}
	return na;
}

/* Does an identifier start at t[i]?  *e: where it ends. */
static bool ident_at(const char *t, size_t n, size_t i, size_t *e)
{
	if (!ident_char(t[i]) || (i && ident_char(t[i - 1])))
		return false;
	*e = i;
	while (*e < n && ident_char(t[*e]))
		(*e)++;
	return true;
}

/* Is the identifier t[i, e) called (a '(' after it, *q), outside a
 * `#define` of it? */
static bool call_paren(const char *t, size_t n, size_t i, size_t e, size_t *q)
{
	*q = e;
	while (*q < n && (t[*q] == ' ' || t[*q] == '\t'))
		(*q)++;
	return *q < n && t[*q] == '(' && !(i >= 8 && !memcmp(t + i - 8, "#define ", 8));
}

/* Is a[0, al) one identifier (an argument naming a function)? */
static bool plain_name(const char *a, size_t al)
{
	size_t j = 0;
	while (j < al && ident_char(a[j]))
		j++;
	return al && j == al && !isdigit((unsigned char)a[0]);
}

/*
 * Vendor tables fill designators through the file's own macros
 * (`{ TSP_CMD("fw_update", fw_update) }`, the macro expanding to
 * `.cmd_func = func`): the tree shows a call, not the binding.  Read the
 * macros from the raw text and add the bindings their uses make, so that a
 * call through the field (`cmd->cmd_func(info)`) reaches the function.
 */
static void macro_bindings(struct file_facts *ff, const char *t, size_t n)
{
	struct macro_bind mb[MAX_MACRO_BINDS];
	size_t nmb = 0;
	for (const char *p = t; (p = memmem(p, (size_t)(t + n - p), "#define", 7)); p += 7) {
		size_t i = (size_t)(p - t) + 7, end = i;
		while (end < n && (t[end] != '\n' || t[end - 1] == '\\'))
			end++;
		while (i < end && (t[i] == ' ' || t[i] == '\t'))
			i++;
		size_t name = i;
		while (i < end && ident_char(t[i]))
			i++;
		if (i == name || i >= end || t[i] != '(')
			continue;
		const char *params[8];
		size_t plen[8];
		int np = split_args(t, end, i, params, plen, 8);
		for (size_t k = i; k + 1 < end && nmb < MAX_MACRO_BINDS; k++) {
			if (t[k] != '.' || !(isalpha((unsigned char)t[k + 1]) || t[k + 1] == '_') ||
			    (k > 0 && ident_char(t[k - 1])))
				continue;
			size_t f = k + 1, fe = f;
			while (fe < end && ident_char(t[fe]))
				fe++;
			size_t v = fe;
			while (v < end && (t[v] == ' ' || t[v] == '\t'))
				v++;
			if (v >= end || t[v] != '=' || t[v + 1] == '=')
				continue;
			v++;
			while (v < end && (t[v] == ' ' || t[v] == '\t'))
				v++;
			size_t ve = v;
			while (ve < end && ident_char(t[ve]))
				ve++;
			for (int q = 0; q < np; q++)
				if (plen[q] == ve - v && ve > v && !memcmp(params[q], t + v, ve - v))
					mb[nmb++] = (struct macro_bind){ t + name, i - name, t + f, fe - f, q };
		}
	}
	if (!nmb)
		return;
	for (size_t i = 0; i < n; i++) {
		size_t e, q;
		if (!ident_at(t, n, i, &e))
			continue;
		bool any = false;
		for (size_t k = 0; k < nmb && !any; k++)
			any = mb[k].nlen == e - i && !memcmp(mb[k].name, t + i, e - i);
		if (!any || !call_paren(t, n, i, e, &q)) {
			i = e - 1;
			continue;
		}
		const char *args[8];
		size_t alen[8];
		int na = split_args(t, n, q, args, alen, 8);
		for (size_t k = 0; k < nmb; k++) {
			if (mb[k].nlen != e - i || memcmp(mb[k].name, t + i, e - i) ||
			    mb[k].param >= na || !alen[mb[k].param])
				continue;
			const char *a = args[mb[k].param];
			size_t al = alen[mb[k].param];
			if (!plain_name(a, al))
				continue;
			struct binding b = { arena_strndup(&ff->arena, mb[k].field, mb[k].flen),
					     arena_strndup(&ff->arena, a, al), (uint32_t)i };
			VEC_PUSH(ff->binds, b);
		}
		i = e - 1;
	}
}

/*
 * The functions a file hands to a kernel thread or a work item
 * (`kthread_run(fw_thread, ...)`, `INIT_WORK(&w, fw_work_fn)`, a file-scope
 * `DECLARE_WORK(w, fn)`; api.def's A_KTHREAD_FN rows), as bindings to the
 * pseudo-field "@kthread" (KTHREAD_FIELD): read from the raw text, so a
 * macro at file scope counts as well as a call.  Each such name is looked
 * for with mem_find() (a dozen names: looking every identifier of the text
 * up in the API table cost 2% of a linux-6.1 run), the places taken in the
 * order of the text.
 */
static int off_order(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;
	return x < y ? -1 : x > y;
}

static void kthread_bindings(struct file_facts *ff, const char *t, size_t n)
{
	size_t na;
	const struct api *tab = api_table(&na);
	VEC(size_t) at = {0};
	for (size_t k = 0; k < na; k++) {
		if (!(tab[k].roles & A_KTHREAD_FN))
			continue;
		for (const char *p = t; (p = mem_find(p, (size_t)(t + n - p), tab[k].name, tab[k].len));
		     p += tab[k].len) {
			size_t i = (size_t)(p - t), e = i + tab[k].len;
			if ((!i || !ident_char(t[i - 1])) && (e == n || !ident_char(t[e])))
				VEC_PUSH(at, i);
		}
	}
	if (at.n > 1)
		qsort(at.v, at.n, sizeof(*at.v), off_order);
	for (size_t x = 0; x < at.n; x++) {
		size_t i = at.v[x], e, q;
		if (!ident_at(t, n, i, &e) || !call_paren(t, n, i, e, &q))
			continue;
		const char *args[8];
		size_t alen[8];
		int nargs = split_args(t, n, q, args, alen, 8);
		for (int k = 0; k < nargs; k++) {
			if (!plain_name(args[k], alen[k]))
				continue;
			struct binding b = { KTHREAD_FIELD, arena_strndup(&ff->arena, args[k], alen[k]),
					     (uint32_t)i };
			VEC_PUSH(ff->binds, b);
		}
	}
	VEC_FREE(at);
}

static int binding_order(const void *a, const void *b)
{
	const struct binding *x = a, *y = b;
	return x->off < y->off ? -1 : x->off > y->off;
}

/* The functions of the file named by an `EXPORT_SYMBOL(name)`,
 * `EXPORT_SYMBOL_GPL(name)`, ... of its text: callable from modules built
 * outside the tree. */
static void mark_exported(struct file_facts *ff, const char *t, size_t n)
{
	static const char key[] = "EXPORT_";
	for (const char *p = t; (p = memmem(p, (size_t)(t + n - p), key, 7)); p += 7) {
		const char *q = p + 7;
		while (q < t + n && (isalnum((unsigned char)*q) || *q == '_'))
			q++;
		while (q < t + n && (*q == ' ' || *q == '\t'))
			q++;
		if (q >= t + n || *q != '(')
			continue;
		q++;
		while (q < t + n && (*q == ' ' || *q == '\t'))
			q++;
		const char *s = q;
		while (q < t + n && (isalnum((unsigned char)*q) || *q == '_'))
			q++;
		size_t len = (size_t)(q - s);
		for (size_t i = 0; len && i < ff->fns.n; i++)
			if (strlen(ff->fns.v[i].name) == len && !memcmp(ff->fns.v[i].name, s, len))
				ff->fns.v[i].exported = true;
	}
}

void facts_collect(struct file_facts *ff, const struct source *src, TSNode root,
		   const TSNode *fns, char *const *names, const bool *unanalysable, size_t nfns,
		   bool wrappers)
{
	for (size_t i = 0; i < nfns; i++) {
		struct fn_fact f = {0};
		f.name = arena_strndup(&ff->arena, names[i], strlen(names[i]));
		f.start = ts_node_start_byte(fns[i]);
		unsigned col;
		source_pos(src, f.start, &f.line, &col);
		f.end = ts_node_end_byte(fns[i]);
		f.unanalysable = unanalysable[i];
		collect_fn(ff, src, fns[i], &f);
		VEC_PUSH(ff->fns, f);
	}
	struct bind_walk bw = { ff, src->text, fns, nfns, 0 };
	node_walk(root, visit_binding, &bw);
	macro_bindings(ff, src->raw, src->len);
	kthread_bindings(ff, src->raw, src->len);
	/* in the order of the text, as one walk of the whole tree gives them */
	if (ff->binds.n > 1)
		qsort(ff->binds.v, ff->binds.n, sizeof(ff->binds.v[0]), binding_order);
	macros_scan(src->raw, src->len, wrappers, &ff->arena, &ff->macros);
	entries_find(&ff->regs, root, src->text, src->len);
	mark_exported(ff, src->raw, src->len);
}

long fn_call_at(const struct fn_fact *f, uint32_t off)
{
	size_t lo = 0, hi = f->ncalls;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (f->calls[mid].off < off)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < f->ncalls && f->calls[lo].off == off ? (long)lo : -1;
}

void pair_cands_release(pair_cand_list *v)
{
	for (size_t i = 0; i < v->n; i++) {
		finding_release(&v->v[i].f);
		free(v->v[i].held);
		free(v->v[i].callee);
	}
	VEC_FREE(*v);
}

void facts_release(struct file_facts *ff)
{
	VEC_FREE(ff->ufollow);
	VEC_FREE(ff->kds_remote);
	VEC_FREE(ff->fns);
	VEC_FREE(ff->binds);
	VEC_FREE(ff->macros);
	entries_release(&ff->regs);
	pair_cands_release(&ff->pairs);
	arena_release(&ff->arena);
}
