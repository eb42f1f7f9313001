// SPDX-License-Identifier: GPL-2.0
/*
 * An asynchronous I/O worker borrows the submitter's mm and runs the
 * request's retry method through a function pointer (fs/aio.c's
 * aio_kick_handler until 2.6.9, which had no set_fs(USER_DS)); the file
 * sets that method to a reader that copy_to_user()s into the buffer the
 * user gave.  A second worker calls a helper of the file that copies out
 * directly.  Both run under the worker's KERNEL_DS (before 5.10).  A third
 * worker's method only counts pages: nothing to report there.
 */
struct mm_struct;
struct kiocb {
	long (*ki_retry)(struct kiocb *);
	long (*ki_stat)(struct kiocb *);
	char __user *ki_buf;
	char data[64];
	long pages;
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

static long aio_count(struct kiocb *iocb)
{
	return iocb->pages++;
}

static long aio_fill(struct kiocb *iocb)
{
	return aio_pread(iocb);
}

static void aio_kick_handler(struct work_struct *work)
{
	struct kioctx *ctx = container_of(work, struct kioctx, wq);
	struct kiocb *iocb = ctx->req;

	use_mm(ctx->mm);
	iocb->ki_retry(iocb); /* expect: user-ptr-kernel-ds */
	unuse_mm(ctx->mm);
}

static void aio_fill_handler(struct work_struct *work)
{
	struct kioctx *ctx = container_of(work, struct kioctx, wq);

	use_mm(ctx->mm);
	aio_fill(ctx->req); /* expect: user-ptr-kernel-ds */
	unuse_mm(ctx->mm);
}

static void aio_stat_handler(struct work_struct *work)
{
	struct kioctx *ctx = container_of(work, struct kioctx, wq);
	struct kiocb *iocb = ctx->req;

	use_mm(ctx->mm);
	iocb->ki_stat(iocb);
	unuse_mm(ctx->mm);
}

void aio_setup(struct kioctx *ctx, struct kiocb *req, char __user *buf)
{
	req->ki_retry = aio_pread;
	req->ki_stat = aio_count;
	req->ki_buf = buf;
	ctx->req = req;
	INIT_WORK(&ctx->wq, aio_kick_handler);
}
