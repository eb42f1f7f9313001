/* case: the twin of ok-named-status-caller-restores: cfg_load() leaves the limit raised when it returns CFG_FAIL; one ioctl returns on `ret != CFG_OK` without restoring, another tests a status cfg_load() never returns (CFG_BUSY), which tells nothing; the loader whose raised exit returns a plain variable is still unbalanced */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

#define CFG_OK		0
#define CFG_FAIL	1
#define CFG_BUSY	2

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

static int cfg_load_len(struct cfg_ctx *c)
{
	int n;

	c->old_fs = get_fs();
	set_fs(KERNEL_DS);
	n = vfs_read(c->fp, (char __user *)c->data, sizeof(c->data), &c->pos);
	if (n != sizeof(c->data))
		return n; /* expect: ds-unbalanced */
	set_fs(c->old_fs);
	return CFG_OK;
}

static long cfg_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct cfg_ctx ctx = { .fp = file->private_data };

	if (cfg_load(&ctx) != CFG_OK)
		return -EIO; /* expect: ds-leak */
	return 0;
}

static long cfg_compat_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct cfg_ctx ctx = { .fp = file->private_data };
	int ret = cfg_load(&ctx);

	if (ret == CFG_BUSY) {
		set_fs(ctx.old_fs);
		return -EBUSY;
	}
	return 0; /* expect: ds-leak */
}

static const struct file_operations cfg_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= cfg_ioctl,
	.compat_ioctl	= cfg_compat_ioctl,
};
