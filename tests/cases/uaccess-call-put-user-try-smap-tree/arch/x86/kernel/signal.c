// SPDX-License-Identifier: GPL-2.0
/*
 * A signal frame filled inside x86's `put_user_try { ... } put_user_catch()`
 * block, with a helper of the file called inside it.  From 3.7 (SMAP) the
 * block is a stac()/clac() window, so the helper runs with user access
 * enabled; before 3.7 `uaccess_try` only reset an error flag and nothing
 * ran with EFLAGS.AC set.  The tree's top Makefile says which kernel it is.
 */
struct rt_frame { int sig; void *pinfo; unsigned long mask; };
struct ksig { int sig; unsigned long mask; };

static noinline int setup_sigctx(struct rt_frame __user *frame, struct ksig *k)
{
	return __put_user(k->mask, &frame->mask);
}

int setup_rt_frame(struct rt_frame __user *frame, struct ksig *k)
{
	int err = 0;

	put_user_try {
		put_user_ex(k->sig, &frame->sig);
		put_user_ex(&frame->mask, &frame->pinfo);
		err |= setup_sigctx(frame, k); /* expect: uaccess-call */
	} put_user_catch(err);
	return err;
}
