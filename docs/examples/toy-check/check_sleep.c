// SPDX-License-Identifier: GPL-2.0
/*
 * sleep-in-spinlock (the toy check of docs/hacking.md): msleep() called on
 * a path where spin_lock() was taken and not yet released.  One bit of
 * state per path, the dataflow driver does the rest (paths, joins,
 * correlated branches, budgets, the path notes).
 */
#include "checks.h"

#include "dataflow.h"

struct sleep_state {
	struct df_head hd;		/* the driver's part: first */
	bool held;			/* a spinlock is held on this path */
};

struct sleep_run {
	const struct fn_check *c;
	struct df d;
	struct df_walker w;
};

static bool st_eq(const void *a, const void *b)
{
	const struct sleep_state *x = a, *y = b;
	return x->held == y->held && assumes_eq(&x->hd.as, &y->hd.as);
}

static bool st_agree(const void *a, const void *b)
{
	return ((const struct sleep_state *)a)->held == ((const struct sleep_state *)b)->held;
}

/* Only states that agree are joined: what two paths both assume is kept. */
static bool st_join(void *a, const void *b)
{
	struct sleep_state *x = a;
	struct cfg_assumes before = x->hd.as;
	assumes_meet(&x->hd.as, &((const struct sleep_state *)b)->hd.as);
	return !assumes_eq(&before, &x->hd.as);
}

static void on_call(void *ctx, void *sv, TSNode call)
{
	struct sleep_run *r = ctx;
	struct sleep_state *s = sv;
	size_t len;
	const char *name = call_name(call, r->c->src->text, &len);
	if (name_is(name, len, "spin_lock")) {
		s->held = true;
		s->hd.trace = df_step(&r->d, s->hd.trace, 1, 0, ts_node_start_byte(call),
				      "spinlock taken here");
	} else if (name_is(name, len, "spin_unlock")) {
		s->held = false;
	} else if (name_is(name, len, "msleep") && s->held) {
		fn_check_report(r->c, ts_node_start_byte(call),
				xasprintf("'%s' may sleep while a spinlock is held", r->c->name),
				s->hd.trace);
	}
}

static const struct df_walk_ops walk_ops = { .call = on_call };

static bool st_elem(void *ctx, const struct cfg_elem *e, void *s)
{
	struct sleep_run *r = ctx;
	df_walk(&r->w, s, e->node, true);
	return e->kind != EL_RETURN && e->kind != EL_END && e->kind != EL_NORETURN;
}

static bool st_traced(const void *s)
{
	return ((const struct sleep_state *)s)->held;
}

static const struct df_ops sleep_ops = {
	.size = sizeof(struct sleep_state), .per_kind = 4, .total = 16,
	.eq = st_eq, .agree = st_agree, .join = st_join, .elem = st_elem, .traced = st_traced,
};

void check_sleep(const struct fn_check *c)
{
	struct sleep_run r = { .c = c };
	df_init(&r.d, c->g, &sleep_ops, &r, c->budget, c->deadline);
	r.w = (struct df_walker){ .g = c->g, .text = c->src->text, .ops = &walk_ops, .ctx = &r };
	struct sleep_state init = {0};
	df_run(&r.d, &init);
	df_release(&r.d);
}
