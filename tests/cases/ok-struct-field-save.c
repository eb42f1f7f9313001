/* case: an ioctl saves the limit into ctx->old_fs and every exit restores set_fs(ctx->old_fs) */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#define SPK_IOC_DUMP_TABLE	_IO('S', 0x12)

struct spk_io_ctx {
	struct file *filp;
	mm_segment_t old_fs;
	loff_t pos;
};

struct spk_dev {
	const char *dump_path;
	u8 table[384];
};

static long spk_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct spk_dev *sd = file->private_data;
	struct spk_io_ctx *ctx;
	long ret;

	if (cmd != SPK_IOC_DUMP_TABLE)
		return -ENOTTY;
	ctx = kzalloc(sizeof(*ctx), GFP_KERNEL);
	if (!ctx)
		return -ENOMEM;

	ctx->old_fs = get_fs();
	set_fs(KERNEL_DS);
	ctx->filp = filp_open(sd->dump_path, O_WRONLY | O_CREAT, 0644);
	if (IS_ERR(ctx->filp)) {
		ret = PTR_ERR(ctx->filp);
		set_fs(ctx->old_fs);
		goto out;
	}
	ret = vfs_write(ctx->filp, (const char __user *)sd->table, sizeof(sd->table), &ctx->pos);
	filp_close(ctx->filp, NULL);
	set_fs(ctx->old_fs);
out:
	kfree(ctx);
	return ret < 0 ? ret : 0;
}

static const struct file_operations spk_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= spk_ioctl,
};
