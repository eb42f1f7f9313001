// SPDX-License-Identifier: GPL-2.0
/*
 * Where a function runs (program_int.h: kthread_context).  A helper that
 * restores the address limit on some paths and not on others is
 * ds-unbalanced; when every chain of its callers ends in a function handed
 * to a kernel thread or a work item (facts.h: KTHREAD_FIELD) — none at an
 * entry point, none at a function stored into a field (called from where
 * the graph does not see), none at a function without callers but a dead
 * static one (dead_static: nothing calls, stores or names it) — the limit
 * it leaves raised never reaches user mode: the finding becomes a
 * ds-unbalanced-kthread note naming those threads.  Only static functions
 * are followed upwards (another function may call a global one from a file
 * that was not scanned), apart from the thread functions themselves; in a
 * kernel tree read whole from its top folder with every file parsed whole
 * (opts.whole_tree, all_seen; a file refused for what it holds counts when
 * it does not name the function), so are global ones neither exported nor
 * asmlinkage (MIPS kspd's sp_work_handle_request()).
 * An oops-in-window finding there is dropped: a kernel thread that dies
 * (or ends with complete_and_exit()) with the limit raised has no user
 * clear_child_tid for do_exit() to write (no CLONE_CHILD_CLEARTID, no
 * set_tid_address()), so CVE-2010-4258's write never happens.  So is one
 * only boot code reaches (api.def's A_BOOT: setup_arch(), where
 * blackfin's paging_init() sets KERNEL_DS for good before nine BUG_ON()s
 * on link-time constants).
 */
#include "program_int.h"

#include "api.h"
#include "lexer.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* Per function: the functions that call it (the reverse of the call graph). */
struct callers {
	uint32_t *base;		/* per function: its first caller in v */
	uint32_t *v;
};

static void callers_build(const struct program *p, struct callers *c)
{
	size_t n = p->fn.n;
	uint32_t *count = xcalloc(n + 1, sizeof(uint32_t));
	for (uint32_t id = 0; id < n; id++)
		for (uint32_t k = p->tg_base[id]; k < p->tg_base[id + 1]; k++)
			if (p->tg.v[k] != id)
				count[p->tg.v[k]]++;
	c->base = xcalloc(n + 1, sizeof(uint32_t));
	for (size_t i = 0; i < n; i++)
		c->base[i + 1] = c->base[i] + count[i];
	c->v = xcalloc(c->base[n] + 1, sizeof(uint32_t));
	memset(count, 0, (n + 1) * sizeof(uint32_t));
	for (uint32_t id = 0; id < n; id++)
		for (uint32_t k = p->tg_base[id]; k < p->tg_base[id + 1]; k++) {
			uint32_t t = p->tg.v[k];
			if (t != id)
				c->v[c->base[t] + count[t]++] = id;
		}
	free(count);
}

/* The texts of the files of a tree read whole that could not be analysed
 * (refused: not understood as C, binary): a global function they name may
 * have a caller there. */
typedef VEC(char *) text_list;

/* Does one of the texts name `name` as a word? */
static bool named_in(const text_list *u, const char *name)
{
	size_t n = strlen(name);
	for (size_t i = 0; i < u->n; i++)
		for (const char *p = u->v[i]; p && (p = strstr(p, name)); p += n) {
			bool before = p > u->v[i] && (isalnum((unsigned char)p[-1]) || p[-1] == '_');
			bool after = isalnum((unsigned char)p[n]) || p[n] == '_';
			if (!before && !after)
				return true;
		}
	return false;
}

/*
 * Is name mentioned in the text of its file, comments and strings aside
 * (front/lexer.h), other than where it is declared or defined (the name
 * followed by '(' outside every brace pair)?  A reference in a table, an
 * assignment, a registration call, a macro's body or an `#if 0` arm counts.
 */
static bool referenced(const char *t, size_t len, const char *name)
{
	size_t n = strlen(name);
	int depth = 0;
	for (size_t i = 0; i < len;) {
		char ch = t[i];
		if (lex_comment_at(t, len, i)) {
			i = lex_comment(t, len, i, 0);
		} else if (ch == '"' || ch == '\'') {
			i = lex_quoted(t, len, i, 0);
		} else if (ident_byte((unsigned char)ch)) {
			size_t j = i;
			while (j < len && ident_byte((unsigned char)t[j]))
				j++;
			if (j - i == n && !memcmp(t + i, name, n)) {
				size_t k = lex_skip_space(t, len, j);
				if (depth || k == len || t[k] != '(')
					return true;
			}
			i = j;
		} else {
			depth += ch == '{';
			depth -= ch == '}' && depth > 0;
			i++;
		}
	}
	return false;
}

/* Could a macro paste the name together (DEVICE_ATTR(foo) names
 * foo_show, a SHOW(foo) macro show_foo)?  Then its other part, mentioned
 * as a word, is taken for a reference. */
static bool pasted(const char *t, size_t len, const char *name)
{
	static const char *const suffixes[] = { "_show", "_store", "_open", "_read", "_write" };
	static const char *const prefixes[] = { "show_", "store_", "get_", "set_" };
	size_t n = strlen(name);
	char part[256];
	for (size_t i = 0; i < sizeof(suffixes) / sizeof(suffixes[0]); i++) {
		size_t sl = strlen(suffixes[i]);
		if (n > sl && n - sl < sizeof(part) && !strcmp(name + n - sl, suffixes[i])) {
			memcpy(part, name, n - sl);
			part[n - sl] = 0;
			if (referenced(t, len, part))
				return true;
		}
	}
	for (size_t i = 0; i < sizeof(prefixes) / sizeof(prefixes[0]); i++) {
		size_t pl = strlen(prefixes[i]);
		if (n > pl && n - pl < sizeof(part) && !strncmp(name, prefixes[i], pl)) {
			memcpy(part, name + pl, n - pl + 1);
			if (referenced(t, len, part))
				return true;
		}
	}
	return false;
}

/*
 * A static function nothing calls, stores, registers or names in its file
 * (its own prototype and definition aside): dead code, whose calls reach
 * nobody (gt9xx's goodix_tool_write(), registered only in a commented-out
 * `->write_proc = ...`).  dead[] memoises: 0 not asked, 1 dead, 2 not.
 */
static bool dead_static(const struct program *p, const struct callers *c, uint32_t u,
			uint8_t *dead)
{
	if (dead[u])
		return dead[u] == 1;
	const struct fn_fact *f = fact(p, u);
	bool is_dead = false;
	if (f->is_static && !p->entry_why[u] && !p->fbound[u] && !p->kthread[u] &&
	    c->base[u] == c->base[u + 1]) {
		size_t len;
		char *t = read_file_text(p->rs[p->fn.v[u].file].path, p->o->max_file_size, &len);
		is_dead = t && !referenced(t, len, f->name) && !pasted(t, len, f->name);
		free(t);
	}
	dead[u] = is_dead ? 1 : 2;
	return is_dead;
}

/*
 * Does every chain of callers of id end in a kernel-thread function?  The
 * names of those functions go into *names (comma separated, a few).  A
 * dead caller (dead_static) ends its chain in nothing.
 */
static bool only_kthreads(const struct program *p, const struct callers *c, uint32_t id,
			  struct strbuf *names, bool boot, bool all_seen, const text_list *unread,
			  uint8_t *dead)
{
	VEC(uint32_t) work = {0};
	bool *seen = xcalloc(p->fn.n + 1, sizeof(bool));
	bool ok = true;
	int named = 0;
	VEC_PUSH(work, id);
	seen[id] = true;
	while (work.n && ok) {
		uint32_t u = work.v[--work.n];
		const struct fn_fact *f = fact(p, u);
		if (u != id && dead_static(p, c, u, dead))
			continue;	/* no caller, no reference: never runs */
		if (p->kthread[u] || (boot && api_is_str(f->name, A_BOOT))) {
			if (named < 3)
				strbuf_addf(names, "%s'%s'", named ? ", " : "", f->name);
			named++;
		} else if (p->entry_why[u] || p->fbound[u] ||
			   (!f->is_static && !(all_seen && !f->exported && !f->asmlinkage &&
					       !named_in(unread, f->name))) ||
			   c->base[u] == c->base[u + 1]) {
			ok = false;	/* user mode, a field, unseen callers, or none */
			break;
		}
		for (uint32_t k = c->base[u]; k < c->base[u + 1]; k++)
			if (!seen[c->v[k]]) {
				seen[c->v[k]] = true;
				VEC_PUSH(work, c->v[k]);
			}
	}
	if (ok && named > 3)
		strbuf_addf(names, " and %d more", named - 3);
	VEC_FREE(work);
	free(seen);
	return ok && named > 0;
}

void kthread_context(struct program *p)
{
	bool any = false;
	for (uint32_t id = 0; id < p->fn.n && !any; id++)
		any = p->kthread[id] || api_is_str(fact(p, id)->name, A_BOOT);
	if (!any)
		return;
	struct callers c;
	callers_build(p, &c);
	uint8_t *dead = xcalloc(p->fn.n + 1, 1);
	/* a kernel tree read whole, every file parsed whole: the callers of a
	 * global function not exported are all in view */
	bool all_seen = p->o->whole_tree;
	text_list unread = {0};
	for (size_t f = 0; f < p->nfiles && all_seen; f++) {
		if (p->rs[f].unparsed || p->rs[f].elided)
			all_seen = false;
		else if (p->rs[f].error && p->rs[f].refused && unread.n < 64) {
			size_t len;	/* (read again; few) */
			char *t = read_file_text(p->rs[f].path, p->o->max_file_size, &len);
			if (t)
				VEC_PUSH(unread, t);
			else
				all_seen = false;
		}
		else if (p->rs[f].error)
			all_seen = false;
	}
	uint32_t first = 0;	/* the id of each file's first function */
	for (size_t f = 0; f < p->nfiles; f++) {
		struct findings *fs = &p->rs[f].findings;
		size_t w = 0;
		for (size_t i = 0; i < fs->v.n; i++) {
			struct finding *fd = &fs->v.v[i];
			if ((fd->id != C_DS_UNBALANCED && fd->id != C_OOPS_IN_WINDOW) || !fd->func) {
				fs->v.v[w++] = *fd;
				continue;
			}
			uint32_t id = UINT32_MAX;
			for (size_t k = 0; k < p->ff[f].fns.n && id == UINT32_MAX; k++)
				if (!strcmp(p->ff[f].fns.v[k].name, fd->func))
					id = first + (uint32_t)k;
			struct strbuf names;
			strbuf_init(&names);
			/* (boot code too, for an oops: no user task exists yet) */
			bool kt = id != UINT32_MAX &&
				  only_kthreads(p, &c, id, &names, fd->id == C_OOPS_IN_WINDOW,
						all_seen, &unread, dead);
			if (kt && fd->id == C_OOPS_IN_WINDOW) {
				strbuf_release(&names);
				finding_release(fd);
				continue;
			}
			if (kt) {
				char *msg = xasprintf("%s; only kernel threads and work items reach it "
						      "(%s), which never return to user mode",
						      fd->msg, names.buf);
				free(fd->msg);
				fd->msg = msg;
				fd->id = C_DS_UNBALANCED_KTHREAD;
			}
			strbuf_release(&names);
			fs->v.v[w++] = *fd;
		}
		fs->v.n = w;
		first += (uint32_t)p->ff[f].fns.n;
	}
	for (size_t i = 0; i < unread.n; i++)
		free(unread.v[i]);
	VEC_FREE(unread);
	free(dead);
	free(c.base);
	free(c.v);
}
