/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fix/ — migration: finding the windows (fix_window.c), rewriting the calls
 * inside them (fix_rewrite.c), the edits (fix_edit.c) and the driver with
 * the unified diff (fix.c).  Kernel names come from kernel/api.h.  May call
 * front/ (the tree), kernel/, report/diag and util/.
 *
 * Migration (--fix): each set_fs() window of a function is classified by
 * the calls inside it (which need the raised limit, on which buffers) and,
 * when every such call has a replacement in the migration table, rewritten
 * as exact byte-range edits: the save, the raise and the restores go, the
 * calls become their kernel-pointer forms, the `__user` casts that only
 * served the window go.  A window that cannot be rewritten gets a
 * setfs-migrate note saying why.  The edits become a unified diff.
 */
#ifndef ADDRLIMIT_FIX_H
#define ADDRLIMIT_FIX_H

#include "addrlimit.h"
#include "parse.h"

/* Classify and rewrite the windows of one parsed file: notes go to
 * r->findings (setfs-migrate), edits to r->edits. */
void fix_file(const struct opts *o, const struct source *src, TSNode root,
	      const TSNode *fns, size_t nfns, struct file_result *r);

/* Apply sorted, disjoint edits to raw; the caller frees the result. */
char *fix_apply(const char *raw, size_t len, const edit_list *e, size_t *out_len);
/* Append the unified diff (`--- a/PATH`, `+++ b/PATH`, 3 lines of context). */
void fix_diff(struct strbuf *out, const char *path, const char *raw, size_t len,
	      const edit_list *e);
void edits_release(edit_list *e);

#endif
