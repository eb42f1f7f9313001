// SPDX-License-Identifier: GPL-2.0
/*
 * The tree audit (audit.h).  It reads a few files of the tree straight
 * from disk — each architecture's asm headers (does it have the address
 * limit at all), its kernel/ and entry/ folders (does its exit to user
 * mode check the limit), kernel/exit.c (does do_exit reset it) — by
 * their names, which the API table gives (A_LIMIT_TYPE, A_LIMIT_SET,
 * A_LIMIT_USER_CHECK, A_EXIT_PATH, ...): no parse, no CFG.
 */
#include "audit.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "api.h"
#include "lexer.h"
#include "load.h"

#define AUDIT_MAX_FILE (4u << 20)	/* larger files are not kernel sources */

static char *read_all(const char *path, size_t *len)
{
	return read_file_text(path, AUDIT_MAX_FILE, len);
}

static bool is_ident(char c, bool first)
{
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (!first && c >= '0' && c <= '9');
}

/* The next identifier at or after *i outside comments and literals: its
 * start (and *i past it), or n when there is none. */
static size_t next_ident(const char *t, size_t n, size_t *i, size_t *len)
{
	size_t p = *i;
	while (p < n) {
		if (lex_comment_at(t, n, p)) {
			p = lex_comment(t, n, p, 0);
		} else if (t[p] == '"' || t[p] == '\'') {
			p = lex_quoted(t, n, p, 0);
		} else if (is_ident(t[p], true) && (p == 0 || !is_ident(t[p - 1], false))) {
			size_t s = p;
			while (p < n && is_ident(t[p], false))
				p++;
			*len = p - s;
			*i = p;
			return s;
		} else {
			p++;
		}
	}
	*i = n;
	return n;
}

/* Past blanks and comments. */
static size_t skip_blank(const char *t, size_t n, size_t i)
{
	for (;;) {
		while (i < n && (t[i] == ' ' || t[i] == '\t' || t[i] == '\n' || t[i] == '\r' ||
				 t[i] == '\\'))
			i++;
		if (i < n && lex_comment_at(t, n, i))
			i = lex_comment(t, n, i, 0);
		else
			return i;
	}
}

/* Just past the bracket that closes the one at t[i] (`(` or `{`), or n. */
static size_t close_of(const char *t, size_t n, size_t i)
{
	char open = t[i], close = open == '(' ? ')' : '}';
	int depth = 0;
	while (i < n) {
		if (lex_comment_at(t, n, i)) {
			i = lex_comment(t, n, i, 0);
			continue;
		}
		if (t[i] == '"' || t[i] == '\'') {
			i = lex_quoted(t, n, i, 0);
			continue;
		}
		if (t[i] == open)
			depth++;
		else if (t[i] == close && --depth == 0)
			return i + 1;
		i++;
	}
	return n;
}

static bool text_has_role(const char *t, size_t n, uint64_t roles)
{
	/* (the few names of these roles looked for first: most headers hold
	 * none, and are not lexed) */
	size_t na, i = 0, len;
	const struct api *a = api_table(&na);
	bool may = false;
	for (size_t k = 0; k < na && !may; k++)
		may = (a[k].roles & roles) && memmem(t, n, a[k].name, a[k].len);
	if (!may)
		return false;
	for (size_t s; (s = next_ident(t, n, &i, &len)) < n;)
		if (api_is(t + s, len, roles))
			return true;
	return false;
}

static bool file_has_role(const char *path, uint64_t roles)
{
	size_t n;
	char *t = read_all(path, &n);
	bool hit = t && text_has_role(t, n, roles);
	free(t);
	return hit;
}

/* Any .c/.S/.h under dir (depth-limited) naming one of roles? */
static bool dir_has_role(const char *dir, uint64_t roles, int depth)
{
	DIR *d = depth > 4 ? NULL : opendir(dir);
	if (!d)
		return false;
	bool hit = false;
	struct dirent *e;
	while (!hit && (e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		char *p = xasprintf("%s/%s", dir, e->d_name);
		struct stat st;
		size_t l = strlen(e->d_name);
		if (lstat(p, &st) == 0 && S_ISDIR(st.st_mode))
			hit = dir_has_role(p, roles, depth + 1);
		else if (S_ISREG(st.st_mode) && l > 2 && e->d_name[l - 2] == '.' &&
			 strchr("cSh", e->d_name[l - 1]))
			hit = file_has_role(p, roles);
		free(p);
	}
	closedir(d);
	return hit;
}

/* Does the architecture have the address limit (its asm headers name the
 * limit's type or set_fs: uaccess.h, uaccess_64.h, segment.h, ...)? */
static bool arch_has_limit(const char *root, const char *arch)
{
	char *p = xasprintf("%sarch/%s/include/asm", root, arch);
	bool hit = dir_has_role(p, A_LIMIT_TYPE | A_LIMIT_SET, 0);
	free(p);
	return hit;
}

/* Does its exit to user mode check the limit: in its own code, or in the
 * generic entry code it selects? */
static bool arch_checks_return(const char *root, const char *arch, bool generic_entry)
{
	static const char *const dirs[] = { "kernel", "entry", "include/asm" };
	for (size_t i = 0; i < ARRAY_SIZE(dirs); i++) {
		char *p = xasprintf("%sarch/%s/%s", root, arch, dirs[i]);
		bool hit = dir_has_role(p, A_LIMIT_USER_CHECK, 0);
		free(p);
		if (hit)
			return true;
	}
	if (!generic_entry)
		return false;
	char *p = xasprintf("%sarch/%s/Kconfig", root, arch);
	size_t n;
	char *t = read_all(p, &n);
	free(p);
	bool sel = t && strstr(t, "select GENERIC_ENTRY");	/* a Kconfig symbol */
	free(t);
	return sel;
}

/*
 * do_exit()'s reset in kernel/exit.c: 1 when a function of the exit path
 * (A_EXIT_PATH) defined there sets the limit to USER_DS (or forces it),
 * 0 when none does, -1 when none is defined there.  *at: the offset of the
 * first one's name.
 */
static int exit_resets(const char *t, size_t n, size_t *at)
{
	int found = -1;
	size_t i = 0, len;
	for (size_t s; (s = next_ident(t, n, &i, &len)) < n;) {
		if (!api_is(t + s, len, A_EXIT_PATH))
			continue;
		size_t p = skip_blank(t, n, i);
		if (p >= n || t[p] != '(')
			continue;
		p = skip_blank(t, n, close_of(t, n, p));
		if (p >= n || t[p] != '{')
			continue;	/* a call or a declaration */
		if (found < 0) {
			found = 0;
			*at = s;
		}
		size_t end = close_of(t, n, p), j = p, l2;
		for (size_t b; (b = next_ident(t, end, &j, &l2)) < end;) {
			if (api_is(t + b, l2, A_LIMIT_FORCE_BEGIN))
				return 1;
			if (!api_is(t + b, l2, A_LIMIT_SET))
				continue;
			size_t q = skip_blank(t, end, j);
			if (q < end && t[q] == '(') {
				size_t a = skip_blank(t, end, q + 1), al = 0;
				while (a + al < end && is_ident(t[a + al], al == 0))
					al++;
				if (al && api_is(t + a, al, A_LIMIT_USER))
					return 1;
			}
		}
		i = end;
	}
	return found;
}

/* The root a path to kernel/exit.c lies under ("" for a relative
 * "kernel/exit.c"), or NULL. */
static char *tree_root(const char *path)
{
	static const char tail[] = "kernel/exit.c";
	size_t l = strlen(path), tl = sizeof(tail) - 1;
	if (l < tl || strcmp(path + l - tl, tail) || (l > tl && path[l - tl - 1] != '/'))
		return NULL;
	char *root = xstrndup(path, l - tl);
	char *mk = xasprintf("%sMakefile", root), *ar = xasprintf("%sarch", root);
	struct stat st;
	bool ok = stat(mk, &st) == 0 && stat(ar, &st) == 0 && S_ISDIR(st.st_mode);
	free(mk);
	free(ar);
	if (!ok) {
		free(root);
		return NULL;
	}
	return root;
}

/* Add the architectures paths[0, n) reach under root/arch/ to out, sorted, unique. */
static void scanned_archs(const char *root, char **paths, size_t n, path_list *out)
{
	char *pre = xasprintf("%sarch/", root);
	size_t pl = strlen(pre);
	for (size_t i = 0; i < n; i++) {
		const char *p = paths[i];
		if (strncmp(p, pre, pl))
			continue;
		const char *slash = strchr(p + pl, '/');
		if (!slash)
			continue;
		size_t al = (size_t)(slash - (p + pl));
		bool have = false;
		for (size_t k = 0; k < out->n && !have; k++)
			have = strlen(out->v[k]) == al && !memcmp(out->v[k], p + pl, al);
		if (!have)
			VEC_PUSH(*out, xstrndup(p + pl, al));
	}
	free(pre);
	for (size_t i = 1; i < out->n; i++)	/* paths come sorted; keep it so */
		for (size_t k = i; k > 0 && strcmp(out->v[k - 1], out->v[k]) > 0; k--) {
			char *x = out->v[k];
			out->v[k] = out->v[k - 1];
			out->v[k - 1] = x;
		}
}

static void add_finding(const struct opts *o, struct file_result *r, enum check_id id,
			const char *text, size_t len, size_t off, char *msg, const char *func)
{
	if (!o->enabled[id]) {
		free(msg);
		return;
	}
	struct finding f = { .id = id, .msg = msg, .func = xstrdup(func) };
	unsigned line = 1, col = 1;
	for (size_t i = 0; i < off && i < len; i++) {
		col = text[i] == '\n' ? 1 : col + 1;
		line += text[i] == '\n';
	}
	f.at = (struct pos){ .line = line, .col = col, .col_cp = col, .off = (uint32_t)off };
	uint64_t h = hash_bytes(checks[id].id, strlen(checks[id].id), 0);
	h = hash_bytes(msg, strlen(msg), h);
	snprintf(f.fingerprint, sizeof(f.fingerprint), "%016llx", (unsigned long long)h);
	findings_add(&r->findings, &f);
}

/* Append a note to every finding of check id in the results. */
static void note_all(struct file_result *rs, size_t n, enum check_id id, const char *note)
{
	for (size_t i = 0; i < n; i++) {
		struct findings *fs = &rs[i].findings;
		for (size_t k = 0; k < fs->v.n; k++) {
			struct finding *f = &fs->v.v[k];
			if (f->id != id)
				continue;
			struct step s = { .at = f->at, .msg = xstrdup(note) };
			VEC_PUSH(f->steps, s);
		}
	}
}

/*
 * In a tree whose do_exit() resets the limit (the CVE-2010-4258 fix), an
 * assertion the author wrote inside a window (`BUG()`, `BUG_ON(...)`,
 * `panic()`) has no address-limit consequence: the task that dies exits
 * with USER_DS (or the machine stops).  Such oops-in-window findings are
 * dropped (9p's `BUG_ON(!v9inode->writeback_fid)`, mn10300's opcode-table
 * check: three readers called them false); an error pointer dereferenced
 * in the window, a bug the author did not mean, stays.
 */
static void drop_assertions(char **paths, size_t n, struct file_result *rs)
{
	for (size_t i = 0; i < n; i++) {
		struct findings *fs = &rs[i].findings;
		char *t = NULL;
		size_t len = 0, w = 0;
		for (size_t k = 0; k < fs->v.n; k++) {
			struct finding *f = &fs->v.v[k];
			bool drop = false;
			if (f->id == C_OOPS_IN_WINDOW) {
				if (!t)
					t = read_all(paths[i], &len);
				size_t a = f->at.off, e = a;
				while (t && e < len && is_ident(t[e], e == a))
					e++;
				drop = e > a && ((e - a == 3 && !memcmp(t + a, "BUG", 3)) ||
						 (e - a == 5 && !memcmp(t + a, "panic", 5)) ||
						 api_is(t + a, e - a, A_BUG_ON));
			}
			if (drop)
				finding_release(f);
			else
				fs->v.v[w++] = *f;
		}
		fs->v.n = w;
		free(t);
	}
}

void audit_tree(const struct opts *o, char **paths, size_t n, struct file_result *results)
{
	size_t ex = n;
	char *root = NULL;
	for (size_t i = 0; i < n && !root; i++)
		if ((root = tree_root(paths[i])))
			ex = i;
	if (!root)
		return;
	path_list archs = {0};
	scanned_archs(root, paths, n, &archs);
	scanned_archs(root, o->headers.v, o->headers.n, &archs);	/* an arch's headers alone count */
	char *generic = xasprintf("%skernel/entry/common.c", root);
	bool generic_entry = file_has_role(generic, A_LIMIT_USER_CHECK);
	free(generic);
	struct strbuf missing, all;
	strbuf_init(&missing);
	strbuf_init(&all);
	size_t nlimit = 0, nmissing = 0;
	for (size_t i = 0; i < archs.n; i++) {
		if (!arch_has_limit(root, archs.v[i]))
			continue;
		nlimit++;
		strbuf_addf(&all, "%s%s", all.len ? ", " : "", archs.v[i]);
		if (!arch_checks_return(root, archs.v[i], generic_entry)) {
			strbuf_addf(&missing, "%s%s", missing.len ? ", " : "", archs.v[i]);
			nmissing++;
		}
	}
	size_t len = 0;
	char *exit_c = nlimit ? read_all(paths[ex], &len) : NULL;
	struct file_result *r = &results[ex];
	if (exit_c && !r->error) {
		size_t at = 0;
		int reset = exit_resets(exit_c, len, &at);
		if (reset == 1)
			drop_assertions(paths, n, results);
		if (nmissing) {
			add_finding(o, r, C_TREE_NO_LIMIT_CHECK, exit_c, len, 0,
				    xasprintf("this tree does not check the address limit on the return to user mode "
					      "in %zu of the %zu architectures scanned that have it (%s): no "
					      "addr_limit_user_check() (Linux 4.13+) or TIF_FSCHECK test on their exit "
					      "path, so a handler that returns with KERNEL_DS hands user space the "
					      "kernel's address limit",
					      nmissing, nlimit, missing.buf),
				    "-");
			char *note = xasprintf("this tree does not check the address limit on the return to user "
					       "mode (%s; tree-no-limit-check): nothing stops this leak, it is exploitable",
					       nmissing == nlimit ? "on any architecture" : missing.buf);
			note_all(results, n, C_DS_LEAK, note);
			free(note);
		}
		if (reset == 0) {
			size_t nl = 0;
			while (at + nl < len && is_ident(exit_c[at + nl], nl == 0))
				nl++;
			char *fn = xstrndup(exit_c + at, nl);
			add_finding(o, r, C_TREE_NO_EXIT_RESET, exit_c, len, at,
				    xasprintf("'%s' does not reset the address limit to USER_DS (the CVE-2010-4258 "
					      "fix): a task that oopses inside a set_fs(KERNEL_DS) window exits with "
					      "KERNEL_DS, and the exit's write to the user-chosen clear_child_tid "
					      "address reaches kernel memory",
					      fn),
				    fn);
			free(fn);
			note_all(results, n, C_OOPS_IN_WINDOW,
				 "this tree's do_exit() does not reset the address limit (tree-no-exit-reset): "
				 "an oops here exits with KERNEL_DS, it is exploitable");
		}
		findings_sort(&r->findings);
	}
	free(exit_c);
	strbuf_release(&missing);
	strbuf_release(&all);
	for (size_t i = 0; i < archs.n; i++)
		free(archs.v[i]);
	VEC_FREE(archs);
	free(root);
}
