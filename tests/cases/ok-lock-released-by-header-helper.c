/* case: the lock is released by a static inline of a header (spu_release(ctx) unlocks &ctx->state_mutex; arch/powerpc spufs poll handlers): a helper defined nowhere in the scanned files whose name says it releases, given the lock's object, counts as releasing it */
#include <linux/fs.h>
#include <linux/poll.h>

static __poll_t spufs_ibox_poll(struct file *file, poll_table *wait)
{
	struct spu_context *ctx = file->private_data;
	__poll_t mask;

	poll_wait(file, &ctx->ibox_wq, wait);
	mutex_lock(&ctx->state_mutex);
	mask = ctx->ops->mbox_stat_poll(ctx, EPOLLIN | EPOLLRDNORM);
	spu_release(ctx);
	return mask;
}

static const struct file_operations spufs_ibox_fops = {
	.poll = spufs_ibox_poll,
};
