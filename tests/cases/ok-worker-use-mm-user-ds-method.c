// SPDX-License-Identifier: GPL-2.0
/*
 * The fixed worker (2.6.9): set_fs(USER_DS) before use_mm(), so the retry
 * method's copy_to_user() checks the user's address against USER_DS.
 */
struct mm_struct;
struct kiocb {
	long (*ki_retry)(struct kiocb *);
	char __user *ki_buf;
	char data[64];
};
struct kioctx {
	struct mm_struct *mm;
	struct work_struct wq;
	struct kiocb *req;
};

static long aio_pread(struct kiocb *iocb)
{
	return copy_to_user(iocb->ki_buf, iocb->data, sizeof(iocb->data));
}

static void aio_kick_handler(struct work_struct *work)
{
	struct kioctx *ctx = container_of(work, struct kioctx, wq);
	struct kiocb *iocb = ctx->req;
	mm_segment_t oldfs = get_fs();

	set_fs(USER_DS);
	use_mm(ctx->mm);
	iocb->ki_retry(iocb);
	unuse_mm(ctx->mm);
	set_fs(oldfs);
}

void aio_setup(struct kioctx *ctx, struct kiocb *req, char __user *buf)
{
	req->ki_retry = aio_pread;
	req->ki_buf = buf;
	ctx->req = req;
	INIT_WORK(&ctx->wq, aio_kick_handler);
}
