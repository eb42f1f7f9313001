/* case: calls through function pointers whose field is never assigned or initialized in the scanned files (targets unknown), one of them inside a balanced window: no finding */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

#define MDM_IOC_SNAPSHOT	_IO('m', 0x30)

struct mdm_ctx;

struct mdm_client_cb {
	int (*fill_snapshot)(struct mdm_ctx *ctx, void *buf, size_t len);
	void (*notify_done)(struct mdm_ctx *ctx, int status);
};

struct mdm_ctx {
	const struct mdm_client_cb *cb;
	struct file *snap;
	char buf[512];
	loff_t pos;
};

static long mdm_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct mdm_ctx *ctx = file->private_data;
	mm_segment_t old_fs;
	ssize_t n;
	int ret;

	if (cmd != MDM_IOC_SNAPSHOT)
		return -ENOTTY;
	if (!ctx->cb || !ctx->cb->fill_snapshot)
		return -EOPNOTSUPP;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	ret = ctx->cb->fill_snapshot(ctx, ctx->buf, sizeof(ctx->buf));
	if (ret > 0)
		n = vfs_write(ctx->snap, (const char __user *)ctx->buf, ret, &ctx->pos);
	else
		n = ret;
	set_fs(old_fs);

	if (ctx->cb->notify_done)
		ctx->cb->notify_done(ctx, n < 0 ? (int)n : 0);
	return n < 0 ? n : 0;
}

static const struct file_operations mdm_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= mdm_ioctl,
};
