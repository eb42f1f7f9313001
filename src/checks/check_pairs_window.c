// SPDX-License-Identifier: GPL-2.0
/*
 * uaccess-call's question for the pair walk (check_pairs_int.h): why
 * objtool would reject a call made inside a user-access window — the
 * rule's allow list and objtool's uaccess-safe list, the file's own
 * functions (out of line, or inline but big enough to be emitted out of
 * line, or inlined with a call that is), and what only the whole tree
 * can decide (a function of another file).
 */
#include "check_pairs_int.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api.h"

/*
 * Is the file's inline (not __always_inline) function f big enough that a
 * compiler may emit it out of line?  More than a dozen lines, or a loop:
 * gcc inlines the small ones at -O2 and -Os alike.
 */
static bool ident_char(unsigned char c)
{
	return isalnum(c) || c == '_';
}

static bool inline_may_outline(const struct run *r, const struct fn_fact *f)
{
	const char *p = r->fr->text + f->start;
	size_t n = f->end - f->start, lines = 0;
	for (size_t i = 0; i < n; i++)
		lines += p[i] == '\n';
	if (lines > 12)
		return true;
	for (size_t i = 0; i + 5 < n; i++)
		if ((i == 0 || !ident_char((unsigned char)p[i - 1])) &&
		    ((!memcmp(p + i, "for", 3) && !ident_char((unsigned char)p[i + 3])) ||
		     (!memcmp(p + i, "while", 5) && !ident_char((unsigned char)p[i + 5]))))
			return true;
	return false;
}

/*
 * Why objtool would reject a call of name[0, len) inside the window win
 * ("call to X() with UACCESS enabled"), or NULL when it is allowed: the
 * rule's allow list and objtool's uaccess-safe list (A_UACCESS_SAFE), and
 * what compiles to no call.  *need: PC_ALWAYS, or PC_OUTLINE when only the
 * whole tree knows (a function of another file: *callee, defined out of
 * line there?  name itself, or a NUL-terminated name of an inlined body's
 * call).  The file's own functions:
 *   - not inline: a call (a static one too: gcc emitted force_valid_ss.isra
 *     and frame_uc_flags.isra out of line in arch/x86/kernel/signal.c);
 *   - inline but not __always_inline: the compiler may emit it out of line
 *     (lib/strncpy_from_user.c's do_strncpy_from_user had to become
 *     __always_inline), reported when its body is more than a few lines or
 *     has a loop, the shape compilers do not always inline;
 *   - inlined: its body runs in the window, so its calls are judged too
 *     (depth levels deep), unless it opens or closes a window itself.
 */
char *window_reason(struct run *r, const struct rule *win, const char *name, size_t len,
			   int depth, uint8_t *need, const char **callee)
{
	*need = PC_ALWAYS;
	*callee = NULL;
	if (rule_allows(win, name, len) || api_is(name, len, A_UACCESS_SAFE))
		return NULL;
	int fi = pairs_fn_index(r->fr, name, len);
	if (fi >= 0) {
		const struct fn_fact *f = &r->fr->ff->fns.v[fi];
		if (!f->is_inline)
			return xasprintf("'%.*s' is an out-of-line function of this file", (int)len,
					 name);
		if (!f->always_inline && inline_may_outline(r, f))
			return xasprintf("'%.*s' is inline but not __always_inline, and big enough "
					 "that the compiler may emit it out of line", (int)len, name);
		if (depth <= 0)
			return NULL;
		for (uint32_t k = 0; k < f->ncalls; k++) {
			const char *c = f->calls[k].callee;
			int ri, ci;
			bool open;
			if (c[0] == '.' || rules_lookup(c, strlen(c), &ri, &ci, &open))
				return NULL;	/* through a pointer, or its own window */
		}
		char *later = NULL;	/* an extern callee: only when nothing surer is found */
		const char *later_callee = NULL;
		for (uint32_t k = 0; k < f->ncalls; k++) {
			const char *c = f->calls[k].callee;
			char *why = window_reason(r, win, c, strlen(c), depth - 1, need, callee);
			if (!why)
				continue;
			char *out = xasprintf("'%.*s' is inlined here and calls '%s'%s%s", (int)len,
					      name, c, *need == PC_OUTLINE ? "; " : ": ", why);
			free(why);
			if (*need == PC_ALWAYS) {
				free(later);
				return out;
			}
			if (later)
				free(out);
			else {
				later = out;
				later_callee = *callee;
			}
		}
		*need = later ? PC_OUTLINE : PC_ALWAYS;
		*callee = later_callee;
		return later;
	}
	const char *to;
	if (api_expands(name, len, &to))
		return to ? xasprintf("'%.*s' expands to %s", (int)len, name, to) : NULL;
	if (api_is(name, len, A_UACCESS_UNSAFE))
		return xasprintf("'%.*s' is an out-of-line kernel function", (int)len, name);
	if (upper_case_name(name, len))
		return NULL;	/* a macro, and none we know to call out */
	*need = PC_OUTLINE;	/* decided against the whole tree's definitions */
	*callee = name;
	return xstrdup("");
}
