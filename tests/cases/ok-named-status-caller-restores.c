/* case: cfg_load() leaves the limit raised only when it returns CFG_FAIL (a #define), with the caller's limit kept in the context it was given; the ioctl tests `ret == CFG_FAIL` and restores from the context there, so its other return is clean */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

#define CFG_OK		0
#define CFG_FAIL	1

struct cfg_ctx {
	struct file *fp;
	mm_segment_t old_fs;
	char data[128];
	loff_t pos;
};

static int cfg_load(struct cfg_ctx *c)
{
	c->old_fs = get_fs();
	set_fs(KERNEL_DS);
	if (vfs_read(c->fp, (char __user *)c->data, sizeof(c->data), &c->pos) != sizeof(c->data))
		return CFG_FAIL;
	set_fs(c->old_fs);
	return CFG_OK;
}

static long cfg_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct cfg_ctx ctx = { .fp = file->private_data };
	int ret;

	ret = cfg_load(&ctx);
	if (ret == CFG_FAIL) {
		set_fs(ctx.old_fs);
		return -EIO;
	}
	return 0;
}

static const struct file_operations cfg_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= cfg_ioctl,
};
