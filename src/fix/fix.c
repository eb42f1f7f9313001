// SPDX-License-Identifier: GPL-2.0
/*
 * Migration of set_fs() windows (see fix.h and DESIGN.md's migration
 * table): the driver.  Syntactic and per function: a function's windows
 * (from its first raise to its last restore) are rewritten together or not
 * at all.  Per function it finds the window (fix_window.c), rewrites the
 * calls inside (fix_rewrite.c), removes the save, raise and restores, and
 * turns the edits into a setfs-migrate note and, for --fix, edits of the
 * file: under --compat the old code stays behind `#if LINUX_VERSION_CODE`.
 * The edits become a unified diff (fix_diff) or the new text (fix_apply,
 * for --in-place).
 */
#include <stdlib.h>
#include <string.h>

#include "fix_int.h"

static void note(const struct opts *o, const struct fn_fix *f, struct file_result *r,
		 const char *fname, char *msg, TSNode at)
{
	if (!o->enabled[C_SETFS_MIGRATE]) {
		free(msg);
		return;
	}
	struct finding fd = { .id = C_SETFS_MIGRATE, .msg = msg, .func = xstrdup(fname) };
	uint32_t off = ts_node_start_byte(at);
	fd.at.off = off;
	source_pos(f->src, off, &fd.at.line, &fd.at.col);
	fd.at.col_cp = source_col_cp(f->src, off);
	if (f->raises.n && !ts_node_eq(at, f->raises.v[0])) {
		struct step s = { .msg = xasprintf("the window opens here") };
		uint32_t ro = ts_node_start_byte(f->raises.v[0]);
		s.at.off = ro;
		source_pos(f->src, ro, &s.at.line, &s.at.col);
		s.at.col_cp = source_col_cp(f->src, ro);
		VEC_PUSH(fd.steps, s);
	}
	findings_add(&r->findings, &fd);
}

static int cmp_edit(const void *a, const void *b)
{
	const struct edit *x = a, *y = b;
	return x->a < y->a ? -1 : x->a > y->a;
}

/* Is n inside the block `outer` (or outer itself)? */
static bool inside(TSNode n, TSNode outer)
{
	return ts_node_start_byte(n) >= ts_node_start_byte(outer) &&
	       ts_node_end_byte(n) <= ts_node_end_byte(outer);
}

/* The statement of the function's blocks that holds byte `at`: the node
 * there, climbed to a child of a block. */
static TSNode stmt_at(const struct fn_fix *f, uint32_t at)
{
	TSNode n = ts_node_descendant_for_byte_range(f->body, at, at);
	while (!ts_node_is_null(n) && !ts_node_eq(n, f->body)) {
		TSNode p = ts_node_parent(n);
		if (node_is(p, S_compound_statement))
			return n;
		n = p;
	}
	return (TSNode){0};
}

/* A byte inside edit k that is code, not the blank around a removed line. */
static uint32_t code_byte(const struct fn_fix *f, const struct edit *e, bool last)
{
	const char *raw = f->src->raw;
	if (e->b == e->a)
		return e->a;
	if (!last) {
		uint32_t i = e->a;
		while (i + 1 < e->b && (raw[i] == ' ' || raw[i] == '\t' || raw[i] == '\n'))
			i++;
		return i;
	}
	uint32_t i = e->b - 1;
	while (i > e->a && (raw[i] == ' ' || raw[i] == '\t' || raw[i] == '\n'))
		i--;
	return i;
}

/*
 * The statements of one block that cover edits i..j, as a byte range of
 * whole lines: an #if arm must hold whole statements (a loop whose body
 * holds the call is guarded whole), or the next parse, and the reader,
 * would see unbalanced braces.
 */
static bool region_of(const struct fn_fix *f, size_t i, size_t j, uint32_t *ra, uint32_t *rb)
{
	TSNode s1 = stmt_at(f, code_byte(f, &f->edits.v[i], false));
	uint32_t last = code_byte(f, &f->edits.v[j], true);
	for (size_t k = i; k <= j; k++)
		if (code_byte(f, &f->edits.v[k], true) > last)
			last = code_byte(f, &f->edits.v[k], true);
	TSNode s2 = stmt_at(f, last);
	if (ts_node_is_null(s1) || ts_node_is_null(s2))
		return false;
	/* climb the later one until its block holds the first, then the
	 * first to a child of that block */
	for (int guard = 0;; guard++) {
		TSNode block = ts_node_parent(s2);
		if (inside(s1, block)) {
			while (!ts_node_eq(ts_node_parent(s1), block))
				s1 = ts_node_parent(s1);
			break;
		}
		TSNode up = block;
		do
			up = ts_node_parent(up);
		while (!ts_node_is_null(up) && !node_is(ts_node_parent(up), S_compound_statement));
		if (ts_node_is_null(up) || guard > 64)
			return false;
		s2 = up;
	}
	const char *raw = f->src->raw;
	uint32_t a = ts_node_start_byte(s1), b = ts_node_end_byte(s2);
	for (size_t k = i; k <= j; k++) {
		if (f->edits.v[k].a < a)
			a = f->edits.v[k].a;
		if (f->edits.v[k].b > b)
			b = f->edits.v[k].b;
	}
	while (a > 0 && raw[a - 1] != '\n')
		a--;
	if (!(b > a && raw[b - 1] == '\n'))
		while (b < f->src->len && raw[b++] != '\n')
			;
	*ra = a;
	*rb = b;
	return true;
}

/* Region [a, b) holding edits i..j: old under the guard, new after #else
 * (no #else when the new code is empty: a removal). */
static void wrap_region(struct fn_fix *f, size_t i, size_t j, uint32_t a, uint32_t b,
			edit_list *out)
{
	const char *raw = f->src->raw;
	struct strbuf nw;
	strbuf_init(&nw);
	uint32_t at = a;
	for (size_t k = i; k <= j; k++) {
		strbuf_add(&nw, raw + at, f->edits.v[k].a - at);
		strbuf_adds(&nw, f->edits.v[k].text);
		at = f->edits.v[k].b;
	}
	strbuf_add(&nw, raw + at, b - at);
	bool blank = true;
	for (size_t k = 0; k < nw.len; k++)
		blank &= nw.buf[k] == ' ' || nw.buf[k] == '\t' || nw.buf[k] == '\n';
	struct strbuf sb;
	strbuf_init(&sb);
	strbuf_addf(&sb, "#if LINUX_VERSION_CODE < KERNEL_VERSION(%d, %d, %d)\n", f->version >> 16,
		    (f->version >> 8) & 0xff, f->version & 0xff);
	strbuf_add(&sb, raw + a, b - a);
	if (sb.buf[sb.len - 1] != '\n')
		strbuf_addc(&sb, '\n');
	if (!blank) {
		strbuf_adds(&sb, "#else\n");
		strbuf_add(&sb, nw.buf, nw.len);
		if (sb.buf[sb.len - 1] != '\n')
			strbuf_addc(&sb, '\n');
	}
	strbuf_adds(&sb, "#endif\n");
	strbuf_release(&nw);
	char *text = strbuf_detach(&sb);
	strbuf_release(&sb);
	VEC_PUSH(*out, ((struct edit){ a, b, text }));
}

/* --compat: each cluster of edits (no more than one untouched line apart),
 * widened to whole statements of one block, gets its own guard, so the
 * unrelated lines between clusters are not doubled. */
static void wrap_compat(struct fn_fix *f, edit_list *out)
{
	const char *raw = f->src->raw;
	size_t i = 0;
	while (i < f->edits.n) {
		size_t j = i;
		uint32_t a = 0, b = 0;
		for (;;) {
			while (j + 1 < f->edits.n) {
				int lines = 0;
				for (uint32_t q = f->edits.v[j].b; q < f->edits.v[j + 1].a; q++)
					lines += raw[q] == '\n';
				if (lines > 2)
					break;
				j++;
			}
			if (!region_of(f, i, j, &a, &b)) {
				/* no common block: the lines as they are */
				a = f->edits.v[i].a;
				while (a > 0 && raw[a - 1] != '\n')
					a--;
				b = f->edits.v[j].b;
				if (!(b > a && raw[b - 1] == '\n'))
					while (b < f->src->len && raw[b++] != '\n')
						;
			}
			/* a widened region may swallow the next edits */
			if (j + 1 < f->edits.n && f->edits.v[j + 1].a < b) {
				j++;
				continue;
			}
			break;
		}
		wrap_region(f, i, j, a, b, out);
		i = j + 1;
	}
	edits_release(&f->edits);
}

/* A variable only the rewritten calls read: its lone declaration goes. */
struct dropvar_ctx {
	struct fn_fix *f;
	const char *name;
	TSNode decl;
	int uses;
};

static bool in_edit(const struct fn_fix *f, uint32_t off)
{
	for (size_t i = 0; i < f->edits.n; i++)
		if (off >= f->edits.v[i].a && off < f->edits.v[i].b)
			return true;
	return false;
}

static bool scan_dropvar(TSNode n, void *vctx)
{
	struct dropvar_ctx *c = vctx;
	if (node_is(n, S_declaration)) {
		uint32_t k = ts_node_named_child_count(n);
		for (uint32_t i = 0; i < k; i++) {
			TSNode d = ts_node_named_child(n, i);
			TSNode id = node_is(d, S_init_declarator) ? declarator_name(d) : (TSNode){0};
			if (!ts_node_is_null(id) && node_text_is(id, c->f->t, c->name)) {
				if (k == 2)
					c->decl = n;
				else
					c->uses++;	/* shares its declaration: keep */
				return false;
			}
		}
	}
	if (node_is(n, S_identifier) && node_text_is(n, c->f->t, c->name) &&
	    !in_edit(c->f, ts_node_start_byte(n)))
		c->uses++;
	return true;
}

static void drop_unused_vars(struct fn_fix *f)
{
	for (size_t i = 0; i < f->dropvars.n; i++) {
		struct dropvar_ctx c = { .f = f, .name = f->dropvars.v[i] };
		node_walk(f->body, scan_dropvar, &c);
		/* ... and in the new code: a call rewritten to KERNEL_SOCKPTR(&one) */
		size_t nl = strlen(c.name);
		for (size_t k = 0; k < f->edits.n; k++)
			for (const char *q = f->edits.v[k].text; (q = strstr(q, c.name)); q += nl) {
				bool before = q > f->edits.v[k].text && fix_is_id_char(q[-1]);
				if (!before && !fix_is_id_char(q[nl]))
					c.uses++;
			}
		if (!c.uses && !ts_node_is_null(c.decl))
			fix_remove_stmt(f, c.decl);
	}
}

/* When every declaration at the top of the body went, the blank line that
 * separated them from the statements goes too. */
static void drop_separator(struct fn_fix *f)
{
	const char *raw = f->src->raw;
	uint32_t k = ts_node_named_child_count(f->body);
	uint32_t end = 0;
	for (uint32_t i = 0; i < k; i++) {
		TSNode c = ts_node_named_child(f->body, i);
		if (!node_is(c, S_declaration))
			break;
		if (!in_edit(f, ts_node_start_byte(c)))
			return;
		end = ts_node_end_byte(c);
	}
	if (!end)
		return;
	while (end < f->src->len && raw[end] != '\n')
		end++;
	if (end + 1 < f->src->len && raw[end + 1] == '\n')
		fix_edit(f, end + 1, end + 2, xstrdup(""));
}

static bool blank_line_at(const char *raw, size_t len, size_t at)
{
	for (; at < len && raw[at] != '\n'; at++)
		if (raw[at] != ' ' && raw[at] != '\t' && raw[at] != '\r')
			return false;
	return at < len;
}

/*
 * Removed lines that stood between two blank lines leave the blanks
 * doubled: the run of removals (adjacent whole-line edits) also takes the
 * blank line after it.  Edits are sorted.
 */
static void collapse_blanks(struct fn_fix *f)
{
	const char *raw = f->src->raw;
	size_t len = f->src->len;
	for (size_t i = 0; i < f->edits.n;) {
		size_t j = i;
		while (j + 1 < f->edits.n && f->edits.v[j + 1].a == f->edits.v[j].b &&
		       !*f->edits.v[j + 1].text)
			j++;
		struct edit *first = &f->edits.v[i], *last = &f->edits.v[j];
		bool lines = !*first->text && (first->a == 0 || raw[first->a - 1] == '\n') &&
			     last->b > last->a && raw[last->b - 1] == '\n';
		if (lines && first->a >= 2 && raw[first->a - 2] == '\n' &&
		    blank_line_at(raw, len, last->b) &&
		    (j + 1 >= f->edits.n || f->edits.v[j + 1].a > last->b)) {
			const char *nl = memchr(raw + last->b, '\n', len - last->b);
			last->b = (uint32_t)(nl - raw) + 1;
		}
		i = j + 1;
	}
}

static void drop_stmt(struct fn_fix *f, TSNode st)
{
	fix_remove_stmt(f, st);
}

/* Keep a save, raise or restore for kernels before 5.10 only. */
static void guard_stmt(struct fn_fix *f, TSNode st)
{
	const char *raw = f->src->raw;
	uint32_t a = ts_node_start_byte(st), b = ts_node_end_byte(st);
	uint32_t ls = a;
	while (ls > 0 && raw[ls - 1] != '\n')
		ls--;
	uint32_t le = b;
	while (le < f->src->len && raw[le] != '\n')
		le++;
	for (uint32_t i = ls; i < a; i++)
		if (raw[i] != ' ' && raw[i] != '\t') {
			fix_cannot(f, st, xstrdup("a save or restore shares its line with other code"));
			return;
		}
	char *line = xstrndup(raw + ls, le - ls);
	fix_edit(f, ls, le, xasprintf("#if LINUX_VERSION_CODE < KERNEL_VERSION(5, 10, 0)\n%s\n#endif", line));
	free(line);
}

/* A compat shim that defines the replacement API itself (kernel_setsockopt
 * around ->setsockopt, copy_from_kernel_nofault around __copy_from_user):
 * the table applied there would make the function call itself.  These are
 * the names the rewrites write out, not names the window is found by; the
 * routines that raise the limit themselves (probe_kernel_read: api.def's
 * A_KDS_ACCESS) are such definitions too. */
static bool is_shim(const char *fname)
{
	static const char *const api[] = {
		"kernel_read", "kernel_write", "kernel_setsockopt", "kernel_getsockopt",
		"kernel_sendmsg", "kernel_recvmsg", "copy_from_kernel_nofault",
		"copy_to_kernel_nofault", "get_kernel_nofault", "kthread_use_mm",
		"kthread_unuse_mm", "vfs_iter_read", "vfs_iter_write", "kernel_read_file_from_path",
	};
	if (api_is_str(fname, A_KDS_ACCESS))
		return true;
	for (size_t i = 0; i < ARRAY_SIZE(api); i++)
		if (!strcmp(api[i], fname))
			return true;
	return false;
}

static void fix_function(const struct opts *o, struct fn_fix *f, struct file_result *r,
			 edit_list *out, const char *fname)
{
	if (is_shim(fname))
		return;
	fix_window_find(f);
	if (f->tests.n && !f->raises.n && !f->restores.n) {
		/* only tests of a limit that no longer exists: they go */
		for (size_t i = 0; i < f->tests.n; i++)
			fix_remove_stmt(f, f->tests.v[i]);
		if (f->why_not) {
			note(o, f, r, fname, xasprintf("the address-limit test in '%s' cannot be removed "
						       "mechanically: %s", fname, f->why_not), f->tests.v[0]);
			edits_release(&f->edits);
			return;
		}
		fix_need(f, KV(5, 10, 0), "uaccess_kernel() test removed");
		note(o, f, r, fname, xasprintf("'%s' tests the address limit, which is always USER_DS "
					       "since 5.10: the test is removed", fname), f->tests.v[0]);
		if (f->edits.n > 1)
			qsort(f->edits.v, f->edits.n, sizeof(*f->edits.v), cmp_edit);
		if (o->compat) {
			wrap_compat(f, out);
			return;
		}
		for (size_t i = 0; i < f->edits.n; i++)
			VEC_PUSH(*out, f->edits.v[i]);
		VEC_FREE(f->edits);
		return;
	}
	if (!f->raises.n && !f->restores.n)
		return;
	if (fix_version_guarded(f->raises.n ? f->raises.v[0] : f->restores.v[0], f->t))
		return;
	fix_window_lowering(f);
	TSNode at = f->raises.n ? f->raises.v[0] : f->restores.v[0];
	if (!f->raises.n || !f->restores.n) {
		note(o, f, r, fname,
		     xasprintf("'%s' %s the address limit but %s it: the window spans functions; "
			       "migrate its callers by hand", fname, f->raises.n ? "raises" : "restores",
			       f->raises.n ? "does not restore" : "does not raise"), at);
		return;
	}
	/* a window opened under a condition (`if (seg == SYS) set_fs(KERNEL_DS)`)
	 * runs the same calls with user pointers on the other path */
	TSNode block = ts_node_parent(f->raises.v[0]);
	bool cond = !fix_in_block(block);
	while (!ts_node_is_null(block) && !node_is(block, S_compound_statement))
		block = ts_node_parent(block);
	for (size_t i = 0; i < f->restores.n && !ts_node_is_null(block); i++)
		if (cond || !inside(f->restores.v[i], block)) {
			fix_cannot(f, f->raises.v[0], xstrdup("the window is opened under a condition and closed "
							  "outside it: the same calls may run with user pointers"));
			break;
		}
	f->lo = ts_node_end_byte(f->raises.v[0]);
	f->hi = ts_node_start_byte(f->restores.v[f->restores.n - 1]);
	for (size_t i = 0; i < f->raises.n; i++) {
		uint32_t e = ts_node_end_byte(f->raises.v[i]);
		if (e < f->lo)
			f->lo = e;
	}
	/* the saved variable: every use must be a save, a restore or its declaration */
	for (size_t i = 0; i < f->saves.n && !f->var; i++)
		f->var = fix_saved_var(f, f->saves.v[i]);
	for (size_t i = 0; i < f->decls.n && !f->var; i++)
		f->var = fix_saved_var(f, f->decls.v[i]);
	if (f->uses.n)
		fix_cannot(f, f->uses.v[0], xstrdup("the limit is tested (get_fs(), uaccess_kernel() or segment_eq()), "
						"not only saved and restored; remove the test by hand"));
	if (f->var) {
		TSNode other = fix_window_var_use(f);
		if (!ts_node_is_null(other))
			fix_cannot(f, other, xasprintf("the saved limit '%s' is used for more than the restore",
						       f->var));
	}
	fix_calls(f);
	if (f->why_not) {
		note(o, f, r, fname, xasprintf("set_fs() window in '%s' cannot be rewritten mechanically: %s",
					       fname, f->why_not), f->raises.v[0]);
		edits_release(&f->edits);
		return;
	}
	if (f->guarded_need && f->what.len)
		fix_cannot(f, f->raises.v[0], xstrdup("calls that need the limit both inside and outside "
						   "#if LINUX_VERSION_CODE arms"));
	void (*drop)(struct fn_fix *, TSNode) = f->guarded_need ? guard_stmt : drop_stmt;
	for (size_t i = 0; i < f->raises.n; i++)
		if (!node_is(f->raises.v[i], S_declaration))
			drop(f, f->raises.v[i]);
	for (size_t i = 0; i < f->restores.n; i++)
		drop(f, f->restores.v[i]);
	for (size_t i = 0; i < f->tests.n; i++)
		drop(f, f->tests.v[i]);
	for (size_t i = 0; i < f->saves.n; i++)
		if (!node_is(f->saves.v[i], S_declaration))
			drop(f, f->saves.v[i]);
	for (size_t i = 0; i < f->decls.n; i++) {
		/* only a declaration of the saved limit alone */
		uint32_t k = ts_node_named_child_count(f->decls.v[i]);
		if (k == 2)
			drop(f, f->decls.v[i]);
		else
			fix_cannot(f, f->decls.v[i], xstrdup("the saved limit is declared with other variables"));
	}
	drop_unused_vars(f);
	if (!f->guarded_need)
		drop_separator(f);
	if (f->guarded_need)
		fix_need(f, 0, "the calls that need it are already under #if LINUX_VERSION_CODE: "
			   "the window is kept for kernels before 5.10 only");
	if (f->why_not) {
		note(o, f, r, fname, xasprintf("set_fs() window in '%s' cannot be rewritten mechanically: %s",
					       fname, f->why_not), f->raises.v[0]);
		edits_release(&f->edits);
		return;
	}
	if (f->edits.n > 1)
		qsort(f->edits.v, f->edits.n, sizeof(*f->edits.v), cmp_edit);
	if (!o->compat || !f->version)
		collapse_blanks(f);
	char *what = f->what.len ? xstrdup(f->what.buf) :
		     xstrdup("nothing inside needs it: the window is removed");
	note(o, f, r, fname, xasprintf("set_fs() window in '%s' can be rewritten: %s", fname, what),
	     f->raises.v[0]);
	free(what);
	if (o->compat && f->version > 0) {
		wrap_compat(f, out);
		return;
	}
	for (size_t i = 0; i < f->edits.n; i++)
		VEC_PUSH(*out, f->edits.v[i]);
	VEC_FREE(f->edits);
}

/* `#include <header>` after the last #include before the code, unless the
 * file has it. */
static void add_include(const struct source *src, TSNode root, edit_list *out, const char *header)
{
	if (memmem(src->raw, src->len, header, strlen(header)))
		return;
	uint32_t first_code = out->n ? out->v[0].a : (uint32_t)src->len;
	uint32_t k = ts_node_named_child_count(root), at = 0;
	for (uint32_t i = 0; i < k; i++) {
		TSNode c = ts_node_named_child(root, i);
		if (ts_node_start_byte(c) >= first_code)
			break;
		if (node_is(c, S_preproc_include))
			at = ts_node_end_byte(c);
	}
	if (at > 0 && src->raw[at - 1] != '\n') {
		while (at < src->len && src->raw[at] != '\n')
			at++;
		at++;
	}
	/* after an earlier insertion at the same place */
	char *text = xasprintf("#include <%s>\n", header);
	for (size_t i = 0; i < out->n; i++)
		if (out->v[i].a == at && out->v[i].b == at && !strncmp(out->v[i].text, "#include", 8)) {
			char *both = xasprintf("%s%s", out->v[i].text, text);
			free(out->v[i].text);
			free(text);
			out->v[i].text = both;
			return;
		}
	VEC_PUSH(*out, ((struct edit){ at, at, text }));
}

void fix_file(const struct opts *o, const struct source *src, TSNode root,
	      const TSNode *fns, size_t nfns, struct file_result *r)
{
	edit_list out = {0};
	bool guarded = false, kthread_h = false;
	for (size_t i = 0; i < nfns; i++) {
		struct fn_fix f = { .src = src, .t = src->text, .fn = fns[i],
				    .body = node_field(fns[i], "body"), .file_fns = fns, .nfile_fns = nfns };
		strbuf_init(&f.what);
		TSNode id = declarator_name(node_field(fns[i], "declarator"));
		char *fname = ts_node_is_null(id) ? xstrdup("?") : fix_raw_of(&f, id);
		size_t before = out.n;
		if (!ts_node_has_error(fns[i]))
			fix_function(o, &f, r, &out, fname);
		guarded |= o->compat && f.version > 0 && out.n > before;
		kthread_h |= f.kthread_h && out.n > before;
		free(fname);
		free(f.var);
		free(f.why_not);
		VEC_FREE(f.raises);
		VEC_FREE(f.restores);
		VEC_FREE(f.saves);
		VEC_FREE(f.decls);
		VEC_FREE(f.uses);
		VEC_FREE(f.tests);
		for (size_t k = 0; k < f.dropvars.n; k++)
			free(f.dropvars.v[k]);
		VEC_FREE(f.dropvars);
		edits_release(&f.edits);
		strbuf_release(&f.what);
	}
	if (!o->fix) {
		edits_release(&out);
		return;
	}
	if (out.n > 1)
		qsort(out.v, out.n, sizeof(*out.v), cmp_edit);
	if (guarded)
		add_include(src, root, &out, "linux/version.h");
	if (kthread_h)
		add_include(src, root, &out, "linux/kthread.h");
	if (out.n > 1)
		qsort(out.v, out.n, sizeof(*out.v), cmp_edit);
	r->edits = out;
	r->raw_hash = hash_bytes(src->raw, src->len, 0);
}

char *fix_apply(const char *raw, size_t len, const edit_list *e, size_t *out_len)
{
	struct strbuf sb;
	strbuf_init(&sb);
	size_t at = 0;
	for (size_t i = 0; i < e->n; i++) {
		strbuf_add(&sb, raw + at, e->v[i].a - at);
		strbuf_adds(&sb, e->v[i].text);
		at = e->v[i].b;
	}
	strbuf_add(&sb, raw + at, len - at);
	*out_len = sb.len;
	char *r = strbuf_detach(&sb);
	strbuf_release(&sb);
	return r;
}

/* --- unified diff ---------------------------------------------------- */

static size_t line_of(const char *raw, size_t len, size_t off, size_t *starts, size_t n)
{
	(void)raw;
	(void)len;
	size_t lo = 0, hi = n;
	while (hi - lo > 1) {
		size_t mid = (lo + hi) / 2;
		if (starts[mid] <= off)
			lo = mid;
		else
			hi = mid;
	}
	return lo;
}

static void add_lines(struct strbuf *out, char mark, const char *p, size_t n)
{
	size_t i = 0;
	while (i < n) {
		const char *nl = memchr(p + i, '\n', n - i);
		size_t e = nl ? (size_t)(nl - p) : n;
		strbuf_addc(out, mark);
		strbuf_add(out, p + i, e - i);
		strbuf_addc(out, '\n');
		if (!nl)
			strbuf_adds(out, "\\ No newline at end of file\n");
		i = e + 1;
	}
}

static size_t count_lines(const char *p, size_t n)
{
	size_t c = 0;
	for (size_t i = 0; i < n; i++)
		c += p[i] == '\n';
	return c + (n && p[n - 1] != '\n');
}

/* Edits grouped by the lines they touch: a group's lines are rewritten
 * whole; the lines between groups of one hunk are context. */
struct group {
	size_t i, j;		/* edits i..j */
	size_t first, last;	/* old lines, 0-based; last < first: an insertion */
};

void fix_diff(struct strbuf *out, const char *path, const char *raw, size_t len,
	      const edit_list *e)
{
	if (!e->n)
		return;
	VEC(size_t) st = {0};
	VEC_PUSH(st, 0);
	for (size_t i = 0; i < len; i++)
		if (raw[i] == '\n' && i + 1 < len)
			VEC_PUSH(st, i + 1);
	size_t nl = len ? st.n : 0;
#define LSTART(l) ((l) < nl ? st.v[l] : len)
	VEC(struct group) gs = {0};
	for (size_t i = 0; i < e->n; i++) {
		size_t first = line_of(raw, len, e->v[i].a, st.v, st.n);
		size_t last = e->v[i].b > e->v[i].a ? line_of(raw, len, e->v[i].b - 1, st.v, st.n) :
			      first;
		/* an insertion at the start of a line touches no old line */
		bool insert = e->v[i].b == e->v[i].a && e->v[i].a == LSTART(first);
		if (insert)
			last = first - 1;	/* wraps for line 0: last + 1 is then 0 */
		if (e->v[i].a == len && len) {
			first = nl;
			last = nl - 1;
		}
		struct group *g = gs.n ? &gs.v[gs.n - 1] : NULL;
		/* edits that share a line are one group */
		if (g && !insert && g->last + 1 > g->first && first <= g->last) {
			g->j = i;
			if (last > g->last)
				g->last = last;
		} else {
			VEC_PUSH(gs, ((struct group){ i, i, first, last }));
		}
	}
	const char *p = path[0] == '.' && path[1] == '/' ? path + 2 : path;
	strbuf_addf(out, "--- a/%s\n+++ b/%s\n", p, p);
	long delta = 0;
	for (size_t h = 0; h < gs.n;) {
		size_t k = h;
		while (k + 1 < gs.n && gs.v[k + 1].first <= gs.v[k].last + 1 + 6)
			k++;
		size_t ctx_a = gs.v[h].first >= 3 ? gs.v[h].first - 3 : 0;
		size_t end = gs.v[k].last + 1;	/* first line after the last group */
		size_t ctx_b = end + 3 < nl ? end + 3 : nl;	/* exclusive */
		struct strbuf body;
		strbuf_init(&body);
		size_t old_n = ctx_b - ctx_a, new_n = 0;
		size_t line = ctx_a;
		/* adjacent groups: all their old lines, then all their new ones */
		struct strbuf minus, plus;
		strbuf_init(&minus);
		strbuf_init(&plus);
		for (size_t g = h; g <= k; g++) {
			struct group *gr = &gs.v[g];
			if (gr->first > line) {
				strbuf_add(&body, minus.buf ? minus.buf : "", minus.len);
				strbuf_add(&body, plus.buf ? plus.buf : "", plus.len);
				strbuf_reset(&minus);
				strbuf_reset(&plus);
				add_lines(&body, ' ', raw + LSTART(line), LSTART(gr->first) - LSTART(line));
				new_n += gr->first - line;
			}
			size_t oa = LSTART(gr->first), ob = LSTART(gr->last + 1);
			struct strbuf nw;
			strbuf_init(&nw);
			size_t at = oa;
			for (size_t q = gr->i; q <= gr->j; q++) {
				strbuf_add(&nw, raw + at, e->v[q].a - at);
				strbuf_adds(&nw, e->v[q].text);
				at = e->v[q].b;
			}
			if (at < ob)
				strbuf_add(&nw, raw + at, ob - at);
			add_lines(&minus, '-', raw + oa, ob - oa);
			add_lines(&plus, '+', nw.buf ? nw.buf : "", nw.len);
			new_n += count_lines(nw.buf ? nw.buf : "", nw.len);
			strbuf_release(&nw);
			line = gr->last + 1;
		}
		strbuf_add(&body, minus.buf ? minus.buf : "", minus.len);
		strbuf_add(&body, plus.buf ? plus.buf : "", plus.len);
		strbuf_release(&minus);
		strbuf_release(&plus);
		add_lines(&body, ' ', raw + LSTART(line), LSTART(ctx_b) - LSTART(line));
		new_n += ctx_b - line;
		long new_start = (long)ctx_a + 1 + delta;
		strbuf_addf(out, "@@ -%zu,%zu +%ld,%zu @@\n", old_n ? ctx_a + 1 : ctx_a, old_n,
			    new_n ? new_start : new_start - 1, new_n);
		strbuf_add(out, body.buf ? body.buf : "", body.len);
		strbuf_release(&body);
		delta += (long)new_n - (long)old_n;
		h = k + 1;
	}
#undef LSTART
	VEC_FREE(gs);
	VEC_FREE(st);
}

void edits_release(edit_list *e)
{
	for (size_t i = 0; i < e->n; i++)
		free(e->v[i].text);
	VEC_FREE(*e);
}
