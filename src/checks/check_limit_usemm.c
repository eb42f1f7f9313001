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
 * A_ITER_COPY for the iov_iter copies.
 */
#include "check_limit.h"

#include <stdlib.h>
#include <string.h>

#include "api.h"

struct usemm_walk {
	const struct source *src;
	const char *text;
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

static void report(struct usemm_walk *w, TSNode call, const char *callee, size_t clen)
{
	char *mm = node_text_folded(w->borrow_arg, w->text, 40);
	struct finding f = {
		.id = C_USER_PTR_KERNEL_DS,
		.at = source_at(w->src, ts_node_start_byte(call)),
		.msg = xasprintf("'%.*s' in '%s' checks a user address against KERNEL_DS: use_mm(%s) borrows the user's mm "
				 "but not its address limit, and before Linux 5.10 a kernel thread or worker runs with KERNEL_DS",
				 (int)clen, callee, w->name, mm),
		.func = xstrdup(w->name),
	};
	struct step s1 = { source_at(w->src, w->borrowed - 1),
			   xasprintf("use_mm(%s): the user's page tables, the kernel thread's KERNEL_DS", mm), NULL };
	struct step s2 = { source_at(w->src, ts_node_start_byte(call)),
			   xasprintf("set_fs(USER_DS) before use_mm() (kthread_use_mm() does it since 5.10)"), NULL };
	VEC_PUSH(f.steps, s1);
	VEC_PUSH(f.steps, s2);
	free(mm);
	findings_add(w->out, &f);
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
			report(w, n, nm, len);
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
	for (size_t i = 0; i < n; i++) {
		if (skip[i])
			continue;
		TSNode body = ts_node_child_by_field_name(fns[i], "body", 4);
		if (ts_node_is_null(body))
			continue;
		struct usemm_walk w = { .src = src, .text = src->text, .path = path, .name = names[i],
					.out = out };
		walk(&w, body, 0);
	}
}
