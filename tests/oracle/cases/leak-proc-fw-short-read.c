/* case: a proc write handler treats a short firmware read as an error and jumps to a label past the restore */
/* oracle: entry modem_cfg_write */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/proc_fs.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#define MODEM_CFG_PATH	"/data/modem/nv_cfg.bin"
#define MODEM_CFG_LEN	48

static u8 modem_nv[MODEM_CFG_LEN];

static ssize_t modem_cfg_write(struct file *file, const char __user *ubuf, size_t count, loff_t *ppos)
{
	struct file *fp;
	mm_segment_t old_fs;
	loff_t pos = 0;
	ssize_t n;
	char *buf;
	int ret = 0;

	buf = kmalloc(MODEM_CFG_LEN, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	fp = filp_open(MODEM_CFG_PATH, O_RDONLY, 0);
	if (IS_ERR(fp)) {
		ret = PTR_ERR(fp);
		goto out_free;
	}

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	n = vfs_read(fp, (char __user *)buf, MODEM_CFG_LEN, &pos);
	if (n < 0) {
		ret = n;
		goto out_restore;
	}
	if (n != MODEM_CFG_LEN) {
		ret = -EIO;
		goto out_close;
	}
	memcpy(modem_nv, buf, MODEM_CFG_LEN);
out_restore:
	set_fs(old_fs);
out_close:
	filp_close(fp, NULL);
out_free:
	kfree(buf);
	return ret ? ret : (ssize_t)count; /* expect: ds-leak */
}

static const struct proc_ops modem_cfg_ops = {
	.proc_write	= modem_cfg_write,
};

static int __init modem_cfg_init(void)
{
	return proc_create("modem_cfg", 0200, NULL, &modem_cfg_ops) ? 0 : -ENOMEM;
}
module_init(modem_cfg_init);
