// SPDX-License-Identifier: GPL-2.0
/*
 * aio's kick handler in 2.6.8 (fixed in 2.6.9, "set_fs needed when calling
 * use_mm"): the worker borrows the submitter's mm and calls the request's
 * retry method, which the read and write paths of other files set, with
 * the worker's KERNEL_DS: the target copies to the user's buffer and
 * checks that address against KERNEL_DS.  The file stores only NULL into
 * the field, so the target is out of view: reported at the call.
 */
struct mm_struct;
struct kiocb {
	long (*ki_retry)(struct kiocb *);
	char __user *ki_buf;
};
struct kioctx {
	struct mm_struct *mm;
	struct work_struct wq;
	struct kiocb *req;
};

static void aio_kick_handler_demo(struct work_struct *work)
{
	struct kioctx *ctx = container_of(work, struct kioctx, wq);
	struct kiocb *iocb = ctx->req;

	use_mm(ctx->mm);
	iocb->ki_retry(iocb); /* expect: user-ptr-kernel-ds */
	unuse_mm(ctx->mm);
}

void aio_setup_demo(struct kioctx *ctx, struct kiocb *req)
{
	req->ki_retry = NULL;
	ctx->req = req;
	INIT_WORK(&ctx->wq, aio_kick_handler_demo);
}
