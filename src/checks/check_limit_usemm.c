// SPDX-License-Identifier: GPL-2.0
/*
 * user-ptr-kernel-ds in a kernel thread that borrows a user's mm: before
 * Linux 5.10 kernel threads and workqueue workers run with KERNEL_DS, and
 * use_mm() lends them the user's page tables but not the user's address
 * limit.  A uaccess routine called between use_mm() and unuse_mm() is
 * handed a user address (that is why the mm was borrowed) and checks it
 * against KERNEL_DS: a user who chose the address reads or writes kernel
 * memory.  The idiom that is right sets USER_DS first (vhost, aio); the
 * FunctionFS worker did not until 2016 ("usb: gadget: ffs: Execute
 * copy_to_user() with USER_DS set").  kthread_use_mm() sets USER_DS itself
 * (5.10), so only use_mm() is followed.
 *
 * One function at a time, in the order of the text: a call that sets
 * USER_DS (set_fs(USER_DS), force_uaccess_begin()) anywhere before the
 * uaccess call in the function makes it silent.  The names come from the
 * API table: A_MM_BORROW/A_MM_RETURN, the uaccess routines' user_args, and
 * A_ITER_COPY for the iov_iter copies.  A function of the file that calls
 * one (itself or through others of the file) counts as one, and so does a
 * call through a field the file stores such a function into: aio's
 * kick handler ran `iocb->ki_retry(iocb)` under use_mm(), and the file set
 * ki_retry to aio_pread(), which copy_to_user()s (fixed in 2.6.9).  A
 * call through a field no function of the file is stored into (set in
 * other files, as ki_retry was in 2.6.8) counts too: the mm is borrowed
 * for the user's memory, which is what such a call is there to reach; a
 * field the file sets only to functions that reach no uaccess routine
 * does not.
 */
#include "check_limit.h"

#include <stdlib.h>
#include <string.h>

#include "api.h"

struct usemm_walk {
	const struct source *src;
	const char *text;
	char *const *names;		/* the file's functions ... */
	const char **does;		/* ... and the uaccess routine each reaches, or NULL */
	size_t n;
	uint32_t borrowed;		/* 1 + offset of an open use_mm(), or 0 */
	TSNode borrow_arg;		/* ... its argument */
	bool user_ds;			/* USER_DS set earlier in the function */
	const char *path, *name;
	struct findings *out;
};

/* Does call c set the limit to USER_DS (set_fs(USER_DS), force_uaccess_begin())? */
static bool sets_user_ds(const struct usemm_walk *w, TSNode c, const struct api *a)
{
	if (a->roles & A_LIMIT_FORCE_BEGIN)
		return true;
	if (!(a->roles & A_LIMIT_SET))
		return false;
	TSNode args = ts_node_child_by_field_name(c, "arguments", 9);
	if (ts_node_is_null(args) || ts_node_named_child_count(args) != 1)
		return false;
	TSNode v = ts_node_named_child(args, 0);
	if (!node_is(v, S_identifier) && !node_is(v, S_call_expression))
		return false;
	size_t len;
	const char *nm = node_is(v, S_identifier) ? w->text + ts_node_start_byte(v) : call_name(v, w->text, &len);
	if (node_is(v, S_identifier))
		len = ts_node_end_byte(v) - ts_node_start_byte(v);
	return nm && api_is(nm, len, A_LIMIT_USER);
}

static void report(struct usemm_walk *w, TSNode call, const char *callee, size_t clen,
		   const char *via)
{
	char *mm = node_text_folded(w->borrow_arg, w->text, 40);
	char *who = via ? xasprintf("'%.*s' (%s) in '%s'", (int)clen, callee, via, w->name)
			: xasprintf("'%.*s' in '%s'", (int)clen, callee, w->name);
	struct finding f = {
		.id = C_USER_PTR_KERNEL_DS,
		.at = source_at(w->src, ts_node_start_byte(call)),
		.msg = xasprintf("%s checks a user address against KERNEL_DS: use_mm(%s) borrows the user's mm "
				 "but not its address limit, and before Linux 5.10 a kernel thread or worker runs with KERNEL_DS",
				 who, mm),
		.func = xstrdup(w->name),
	};
	struct step s1 = { source_at(w->src, w->borrowed - 1),
			   xasprintf("use_mm(%s): the user's page tables, the kernel thread's KERNEL_DS", mm), NULL };
	struct step s2 = { source_at(w->src, ts_node_start_byte(call)),
			   xasprintf("set_fs(USER_DS) before use_mm() (kthread_use_mm() does it since 5.10)"), NULL };
	VEC_PUSH(f.steps, s1);
	VEC_PUSH(f.steps, s2);
	free(mm);
	free(who);
	findings_add(w->out, &f);
}

/* The index of the file's function name[0, len), or -1. */
static int fn_index(char *const *names, size_t n, const char *name, size_t len)
{
	for (size_t i = 0; i < n; i++)
		if (names[i] && strlen(names[i]) == len && !memcmp(names[i], name, len))
			return (int)i;
	return -1;
}

/* Does a call to a uaccess routine (or to a function of the file known
 * to reach one) appear under n?  Its name, or NULL. */
static const char *reaches(const struct usemm_walk *w, TSNode n, int depth)
{
	if (depth > 200)
		return NULL;
	if (node_is(n, S_call_expression)) {
		size_t len;
		const char *nm = call_name(n, w->text, &len);
		const struct api *a = nm ? api_lookup(nm, len) : NULL;
		if (a && (a->user_args || (a->roles & A_ITER_COPY)) && !(a->roles & A_LIMIT_ANY))
			return a->name;
		int k = nm && !a ? fn_index(w->names, w->n, nm, len) : -1;
		if (k >= 0 && w->does[k])
			return w->does[k];
	}
	uint32_t c = ts_node_named_child_count(n);
	for (uint32_t i = 0; i < c; i++) {
		const char *r = reaches(w, ts_node_named_child(n, i), depth + 1);
		if (r)
			return r;
	}
	return NULL;
}

/* A function of the file the file stores into field f[0, len) (`.f =
 * name`, `->f = name`) that reaches a uaccess routine: its index, or -1.
 * *others counts the functions of the file stored there that reach none. */
static int stored_reacher(const struct usemm_walk *w, const char *f, size_t len, int *others)
{
	*others = 0;
	const char *t = w->text;
	for (const char *p = t; (p = mem_find(p, (size_t)(w->src->len - (size_t)(p - t)), f, len));
	     p += len) {
		if (p == t || !(p[-1] == '.' || (p - t >= 2 && p[-1] == '>' && p[-2] == '-')) ||
		    ident_byte((unsigned char)p[len]))
			continue;
		const char *q = p + len;
		while (*q == ' ' || *q == '\t')
			q++;
		if (*q != '=' || q[1] == '=')
			continue;
		q++;
		while (*q == ' ' || *q == '\t' || *q == '&')
			q++;
		const char *e = q;
		while (ident_byte((unsigned char)*e))
			e++;
		int k = e > q ? fn_index(w->names, w->n, q, (size_t)(e - q)) : -1;
		if (k >= 0 && w->does[k])
			return k;
		*others += k >= 0;
	}
	return -1;
}

static void walk(struct usemm_walk *w, TSNode n, int depth)
{
	if (depth > 200)
		return;
	if (node_is(n, S_call_expression)) {
		/* arguments first: they run before the call */
		TSNode args = ts_node_child_by_field_name(n, "arguments", 9);
		if (!ts_node_is_null(args))
			walk(w, args, depth + 1);
		size_t len;
		const char *nm = call_name(n, w->text, &len);
		const struct api *a = nm ? api_lookup(nm, len) : NULL;
		if (!a && w->borrowed && !w->user_ds) {
			/* a function of the file that reaches a uaccess routine,
			 * or a call through a field the file stores one into */
			TSNode fn = ts_node_child_by_field_name(n, "function", 8);
			int k = nm ? fn_index(w->names, w->n, nm, len) : -1;
			char *via = NULL;
			if (k >= 0 && w->does[k]) {
				via = xasprintf("which reaches '%s'", w->does[k]);
			} else if (node_is(fn, S_field_expression)) {
				TSNode fld = ts_node_child_by_field_name(fn, "field", 5);
				int others = 0;
				k = ts_node_is_null(fld) ? -1 : stored_reacher(w, node_ptr(fld, w->text),
									      node_len(fld), &others);
				nm = node_ptr(fn, w->text);
				len = node_len(fn);
				if (k >= 0)
					via = xasprintf("this file sets it to '%s', which reaches '%s'",
							w->names[k], w->does[k]);
				else if (!others)
					/* set in another file: the mm was borrowed for the
					 * user's memory, which is what such a call is for
					 * (aio's ki_retry, set by the read and write paths) */
					via = xasprintf("a call through a field other files set, whose "
							"target is there to reach the borrowed mm's user memory");
			}
			if (via)
				report(w, n, nm, len, via);
			free(via);
		}
		if (!a)
			return;
		if (sets_user_ds(w, n, a)) {
			w->user_ds = true;
		} else if (a->roles & A_MM_BORROW) {
			if (!ts_node_is_null(args) && ts_node_named_child_count(args) == 1) {
				w->borrowed = ts_node_start_byte(n) + 1;
				w->borrow_arg = ts_node_named_child(args, 0);
			}
		} else if (a->roles & A_MM_RETURN) {
			w->borrowed = 0;
		} else if (w->borrowed && !w->user_ds && (a->user_args || (a->roles & A_ITER_COPY))) {
			report(w, n, nm, len, NULL);
		}
		return;
	}
	uint32_t k = ts_node_named_child_count(n);
	for (uint32_t i = 0; i < k; i++)
		walk(w, ts_node_named_child(n, i), depth + 1);
}

void usemm_check_file(const struct source *src, const char *path, const TSNode *fns,
		      char *const *names, const bool *skip, size_t n, struct findings *out)
{
	if (!strstr(src->text, "use_mm"))
		return;
	/* which functions of the file reach a uaccess routine (to a fixed
	 * point: through others of the file) */
	const char **does = xcalloc(n ? n : 1, sizeof(*does));
	struct usemm_walk base = { .src = src, .text = src->text, .names = names, .does = does,
				   .n = n, .path = path, .out = out };
	for (int round = 0, changed = 1; changed && round < 4; round++) {
		changed = 0;
		for (size_t i = 0; i < n; i++)
			if (!skip[i] && !does[i]) {
				TSNode body = ts_node_child_by_field_name(fns[i], "body", 4);
				if (!ts_node_is_null(body) && (does[i] = reaches(&base, body, 0)))
					changed = 1;
			}
	}
	for (size_t i = 0; i < n; i++) {
		if (skip[i])
			continue;
		TSNode body = ts_node_child_by_field_name(fns[i], "body", 4);
		if (ts_node_is_null(body))
			continue;
		struct usemm_walk w = base;
		w.name = names[i];
		walk(&w, body, 0);
	}
	free(does);
}
