// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for the expression walk's memo (src/analysis/dataflow.c): a
 * statement walked again replays the hook calls of its first walk, at the
 * depths they were made, and a walk started deep enough for the recursion
 * guard to cut it goes as a walk without a memo would; and for the
 * relevance pass's definition test (scan_outside_bodies(),
 * src/front/relevance.c): a name outside every brace pair, or braces that
 * do not pair up, and never a name used only inside a body or a table;
 * and its registration test (scan_not_called()): a name no '(' follows.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "addrlimit.h"
#include "cfg.h"
#include "dataflow.h"
#include "front.h"
#include "parse.h"
#include "relevance.h"
#include "util.h"

static int failures;

static void check(bool cond, const char *what)
{
	printf("%s - %s\n", cond ? "ok" : "not ok", what);
	failures += !cond;
}

/* --- the walk's memo ------------------------------------------------------ */

/* What the hooks were called with: kind, node start, the walk's depth. */
struct log {
	struct strbuf b;
	struct df_walker *w;
};

static void note(struct log *l, char kind, TSNode n)
{
	strbuf_addf(&l->b, "%c%u@%d ", kind, ts_node_is_null(n) ? 0u : ts_node_start_byte(n),
		    l->w->depth);
}

static void on_call(void *ctx, void *s, TSNode call)
{
	(void)s;
	note(ctx, 'c', call);
}

/* as the pair walk does: the right side is walked by the hook itself */
static void on_assign(void *ctx, void *s, TSNode lhs, TSNode rhs, bool plain, bool decl)
{
	struct log *l = ctx;
	note(l, plain ? (decl ? 'd' : '=') : 'o', lhs);
	df_walk(l->w, s, rhs, false);
}

static void on_update(void *ctx, void *s, TSNode v)
{
	(void)s;
	note(ctx, 'u', v);
}

static void on_address(void *ctx, void *s, TSNode v)
{
	(void)s;
	note(ctx, '&', v);
}

static const struct df_walk_ops log_ops = {
	.call = on_call, .assign = on_assign, .update = on_update, .address = on_address,
};

/* Every element of g walked from depth `depth`, into l->b (free_memo:
 * forgetting after each walk); false when a walk left another depth. */
static bool walk_all(struct log *l, const struct cfg *g, int depth, bool free_memo)
{
	bool same = true;
	for (size_t b = 0; b < g->blocks.n; b++)
		for (size_t e = 0; e < g->blocks.v[b]->elems.n; e++) {
			l->w->depth = depth;
			df_walk(l->w, NULL, g->blocks.v[b]->elems.v[e].node, true);
			same &= l->w->depth == depth;
			if (free_memo)
				df_walker_release(l->w);
		}
	return same;
}

/* One function parsed and its CFG built (the tests' common start). */
struct one_fn {
	TSParser *p;
	TSTree *tree;
	node_list fns;
	struct arena a;
	struct cfg g;
	bool built;
};

static bool one_fn_build(struct one_fn *o, const char *src, size_t len, const char *what)
{
	memset(o, 0, sizeof(*o));
	o->p = ts_parser_new();
	ts_parser_set_language(o->p, tree_sitter_c());
	o->tree = ts_parser_parse_string(o->p, NULL, src, (uint32_t)len);
	collect_functions(ts_tree_root_node(o->tree), &o->fns, 0);
	check(o->fns.n == 1, what);
	if (o->fns.n != 1)
		return false;
	arena_init(&o->a);
	cfg_build(&o->g, &o->a, src, o->fns.v[0], "f", NULL);
	o->built = true;
	return true;
}

static void one_fn_release(struct one_fn *o)
{
	if (o->built) {
		cfg_release(&o->g);
		arena_release(&o->a);
	}
	VEC_FREE(o->fns);
	ts_tree_delete(o->tree);
	ts_parser_delete(o->p);
}

static void test_memo(void)
{
	struct strbuf src;
	strbuf_init(&src);
	strbuf_addf(&src, "int f(struct d *d, int *p)\n{\n\tint x = g(h(d), &d->n), y;\n"
			  "\ty = x++ + k(l(m(1)));\n\tp[x] = q(y) ? r(&y) : s(t(u(v(w(x)))));\n"
			  "\tif (a(b(c(0))))\n\t\treturn z(x = e(y));\n\treturn ");
	/* an expression nested past the walk's recursion guard (400) */
	for (int i = 0; i < 300; i++)
		strbuf_addf(&src, "n(");
	strbuf_addf(&src, "x");
	for (int i = 0; i < 300; i++)
		strbuf_addf(&src, ")");
	strbuf_addf(&src, ";\n}\n");
	struct one_fn o;
	if (!one_fn_build(&o, src.buf, src.len, "df_walk: the test function parsed"))
		goto out;
	/* for each depth a walk may start at: a walker that remembers,
	 * walking each element twice, against one that starts afresh for
	 * every walk (its memo freed each time) */
	int depths[] = { 0, 150, 397, 399 };
	for (size_t k = 0; k < sizeof(depths) / sizeof(depths[0]); k++) {
		struct df_walker wm = { .g = &o.g, .text = src.buf, .ops = &log_ops };
		struct df_walker wf = wm;
		struct log lm = { .w = &wm }, lf = { .w = &wf };
		wm.ctx = &lm;
		wf.ctx = &lf;
		strbuf_init(&lm.b);
		strbuf_init(&lf.b);
		bool same = walk_all(&lm, &o.g, 0, false);	/* recorded at depth 0 */
		size_t first = lm.b.len;
		same &= walk_all(&lm, &o.g, depths[k], false);	/* replayed where it can be */
		same &= walk_all(&lf, &o.g, depths[k], true);
		char what[160];
		snprintf(what, sizeof(what),
			 "df_walk: a second walk from depth %d calls the hooks a walk without a memo calls, "
			 "and leaves the depth as it was", depths[k]);
		check(same && wm.memo && first && lm.b.len - first == lf.b.len &&
			      !memcmp(lm.b.buf + first, lf.b.buf, lf.b.len),
		      what);
		if (k == 0)
			check(!memcmp(lm.b.buf, lm.b.buf + first, first) &&
				      strstr(lm.b.buf, "@300 ") && !strstr(lm.b.buf, "@401 "),
			      "df_walk: the replay from depth 0 is the first walk, 300 calls deep and cut at 400");
		strbuf_release(&lm.b);
		strbuf_release(&lf.b);
		df_walker_release(&wm);
		df_walker_release(&wf);
	}
out:
	one_fn_release(&o);
	strbuf_release(&src);
}

/* --- where a name may be defined --------------------------------------------- */

static bool where(const char *text, const char *name, bool called)
{
	char path[] = "/tmp/addrlimit-def-XXXXXX";
	int fd = mkstemp(path);
	if (fd < 0)
		return false;
	bool ok = write(fd, text, strlen(text)) == (ssize_t)strlen(text);
	close(fd);
	struct opts o = { .max_file_size = 1 << 20 };
	struct name_set s = {0};
	name_set_add(&s, name);
	struct scan_buf buf = {0};
	bool r = ok && (called ? scan_not_called(&o, path, &s, &buf)
			       : scan_outside_bodies(&o, path, &s, &buf));
	free(buf.p);
	name_set_release(&s);
	unlink(path);
	return r;
}

static bool outside(const char *text, const char *name)
{
	return where(text, name, false);
}

static bool uncalled(const char *text, const char *name)
{
	return where(text, name, true);
}

static void test_outside(void)
{
	check(outside("int helper(void)\n{\n\treturn 0;\n}\n", "helper"),
	      "scan_outside_bodies: a definition's head");
	check(outside("EXPORT_SYMBOL(helper);\n", "helper") &&
		      outside("u32 helper(u32 x);\nint f(void) { return 0; }\n", "helper"),
	      "scan_outside_bodies: EXPORT_SYMBOL and a prototype count");
	check(!outside("int f(void)\n{\n\treturn helper();\n}\n", "helper"),
	      "scan_outside_bodies: a call inside a body does not");
	check(!outside("static const struct ops o = {\n\t.fn = helper,\n};\n", "helper"),
	      "scan_outside_bodies: a table's initialiser does not");
	check(!outside("int f(void)\n{\n\tconst char *s = \"}\", c = '{';\n\t/* } */\n"
		       "\treturn helper(s, c);\n}\n", "helper"),
	      "scan_outside_bodies: braces in strings, characters and comments do not count");
	check(!outside("int f(int x)\n{\n\treturn x ? 0x1f : helper2(x);\n}\n", "helper"),
	      "scan_outside_bodies: another name that starts alike does not");
	check(outside("#ifdef A\nint f(int a) {\n#else\nint f(void) {\n#endif\n"
		      "\treturn helper();\n}\n", "helper"),
	      "scan_outside_bodies: braces that do not pair up as they stand: maybe");
	struct opts o = { .max_file_size = 1 << 20 };
	struct name_set s = {0};
	name_set_add(&s, "helper");
	struct scan_buf buf = {0};
	check(scan_outside_bodies(&o, "/nonexistent/addrlimit/x.c", &s, &buf) &&
		      scan_not_called(&o, "/nonexistent/addrlimit/x.c", &s, &buf),
	      "scan_outside_bodies, scan_not_called: a file that cannot be read: maybe (the parse says why)");
	check(!uncalled("int f(void)\n{\n\treturn helper (1) + helper/* x */(2) + helper\n(3);\n}\n",
			"helper") &&
		      !uncalled("int helper(int x)\n{\n\treturn x;\n}\n", "helper"),
	      "scan_not_called: calls (blanks and comments before the '(') and a definition do not register");
	check(uncalled("static const struct ops o = {\n\t.fn = helper,\n};\n", "helper") &&
		      uncalled("int f(void)\n{\n\treturn request_irq(1, helper, 0);\n}\n", "helper") &&
		      uncalled("int f(void)\n{\n\tops.fn = helper;\n\treturn 0;\n}\n", "helper"),
	      "scan_not_called: a table, an argument and an assignment inside a body may register");
	free(buf.p);
	name_set_release(&s);
}

/* --- comparisons of one value (assumes_range(), src/front/cfg_atoms.c) -- */

static int atom_of(const struct cfg *g, const char *key)
{
	for (size_t i = 0; i < g->atoms.n; i++)
		if (!strcmp(g->atoms.v[i].key, key))
			return (int)i;
	return -1;
}

static void test_range(void)
{
	const char *src = "int f(int m, int n)\n{\n\tif (m == 3) a();\n\tif (m >= 1) b();\n"
			  "\tif (m == 1) c();\n\tif (m) d();\n\tif (m < 4) e();\n"
			  "\tif (m <= 2) g();\n\tif (m == 2) h();\n\tif (m == 3U) i();\n"
			  "\tif (n == 3) j();\n\tswitch (m) { case 5: k(); }\n"
			  "\tif (n == 't') l();\n\tif (n >= 'a') o();\n"
			  "\tswitch (n) { case A: p(); break; case B: q(); }\n"
			  "\tswitch (n) { case C: r(); }\n\treturn 0;\n}\n";
	struct one_fn o;
	if (!one_fn_build(&o, src, strlen(src), "assumes_range: the test function parsed"))
		goto out;
	int eq3 = atom_of(&o.g, "m==3"), lt1 = atom_of(&o.g, "m<1"), eq1 = atom_of(&o.g, "m==1");
	int nz = atom_of(&o.g, "m"), lt4 = atom_of(&o.g, "m<4"), le2 = atom_of(&o.g, "m<=2");
	int eq2 = atom_of(&o.g, "m==2"), eq3u = atom_of(&o.g, "m==3U"), n3 = atom_of(&o.g, "n==3");
	int case5 = atom_of(&o.g, "m==5");
	check(eq3 >= 0 && lt1 >= 0 && eq1 >= 0 && nz >= 0 && lt4 >= 0 && le2 >= 0 && eq2 >= 0 &&
	      eq3u >= 0 && n3 >= 0 && case5 >= 0, "assumes_range: every condition has its atom");
	if (eq3 < 0 || lt1 < 0 || eq1 < 0 || nz < 0 || lt4 < 0 || le2 < 0 || eq2 < 0 || eq3u < 0 ||
	    n3 < 0 || case5 < 0)
		goto done;
	struct cfg_assumes as = {0};
	check(assumes_range(&o.g, &as, lt1) == -1, "assumes_range: nothing assumed, nothing decided");
	assumes_add(&as, eq3, true);
	check(assumes_range(&o.g, &as, lt1) == 0 && assumes_range(&o.g, &as, eq1) == 0 &&
	      assumes_range(&o.g, &as, nz) == 1 && assumes_range(&o.g, &as, lt4) == 1 &&
	      assumes_range(&o.g, &as, le2) == 0 && assumes_range(&o.g, &as, case5) == 0,
	      "assumes_range: `m == 3` decides `m >= 1`, `m == 1`, `m`, `m < 4`, `m <= 2`, case 5");
	check(assumes_range(&o.g, &as, eq3u) == -1 && assumes_range(&o.g, &as, n3) == -1,
	      "assumes_range: an unsigned literal and another value stay open");
	struct cfg_assumes bs = {0};
	assumes_add(&bs, lt1, false);
	assumes_add(&bs, le2, true);
	check(assumes_range(&o.g, &bs, eq2) == -1 && assumes_range(&o.g, &bs, eq3) == 0 &&
	      assumes_range(&o.g, &bs, nz) == 1, "assumes_range: 1 <= m <= 2 leaves `m == 2` open");
	assumes_add(&bs, eq1, false);
	check(assumes_range(&o.g, &bs, eq2) == 1,
	      "assumes_range: 1 <= m <= 2 and m != 1 make `m == 2` true");
	int ct = atom_of(&o.g, "n=='t'"), ca = atom_of(&o.g, "n<'a'");
	struct cfg_assumes ds = {0};
	if (ct >= 0 && ca >= 0)
		assumes_add(&ds, ct, true);
	check(ct >= 0 && ca >= 0 && assumes_range(&o.g, &ds, ca) == 0 &&
	      assumes_range(&o.g, &ds, n3) == 0,
	      "assumes_range: `n == 't'` makes `n >= 'a'` true and `n == 3` false");
	int sa = atom_of(&o.g, "n==A"), sb = atom_of(&o.g, "n==B"), sc = atom_of(&o.g, "n==C");
	struct cfg_assumes es = {0};
	if (sa >= 0)
		assumes_add(&es, sa, true);
	check(sa >= 0 && sb >= 0 && sc >= 0 && assumes_range(&o.g, &es, sb) == 0 &&
	      assumes_range(&o.g, &es, sc) == -1,
	      "assumes_range: `case A` taken makes its switch's `case B` false, not another's C");
	struct cfg_assumes cs = {0};
	assumes_add(&cs, nz, false);
	check(assumes_range(&o.g, &cs, eq3) == 0 && assumes_range(&o.g, &cs, lt1) == 1,
	      "assumes_range: `!m` makes `m == 3` false and `m < 1` true");
done:
out:
	one_fn_release(&o);
}

int main(void)
{
	parse_init();
	test_memo();
	test_outside();
	test_range();
	return failures ? 1 : 0;
}
