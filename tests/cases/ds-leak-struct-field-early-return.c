/* case: the saved limit lives in ctx->old_fs and an error return in a proc_ops handler skips set_fs(ctx->old_fs) */
#include <linux/proc_fs.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

struct bl_ctx {
	struct file *filp;
	mm_segment_t old_fs;
	loff_t pos;
	char line[64];
};

static ssize_t bl_level_proc_write(struct file *file, const char __user *ubuf,
				   size_t len, loff_t *ppos)
{
	struct bl_ctx *ctx;
	ssize_t ret;

	if (len >= sizeof(ctx->line))
		return -EINVAL;
	ctx = kzalloc(sizeof(*ctx), GFP_KERNEL);
	if (!ctx)
		return -ENOMEM;
	if (copy_from_user(ctx->line, ubuf, len)) {
		kfree(ctx);
		return -EFAULT;
	}

	ctx->old_fs = get_fs();
	set_fs(KERNEL_DS);
	ctx->filp = filp_open("/sys/class/backlight/panel0/brightness", O_WRONLY, 0);
	if (IS_ERR(ctx->filp)) {
		ret = PTR_ERR(ctx->filp);
		kfree(ctx);
		return ret; /* expect: ds-leak */
	}
	ret = vfs_write(ctx->filp, (const char __user *)ctx->line, len, &ctx->pos);
	filp_close(ctx->filp, NULL);
	set_fs(ctx->old_fs);

	kfree(ctx);
	return ret < 0 ? ret : len;
}

static const struct proc_ops bl_level_proc_ops = {
	.proc_write	= bl_level_proc_write,
};
