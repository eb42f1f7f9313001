/* case: LOAD raises and falls through to COMMIT, which restores when a flag says so; LOAD's error break skips it */
/* oracle: entry px_ioctl */
/* oracle: values PX_IOC_LOAD PX_IOC_COMMIT */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

#define PX_TABLE_PATH	"/vendor/etc/px_table.bin"
#define PX_IOC_LOAD	_IO('p', 1)
#define PX_IOC_COMMIT	_IO('p', 2)

struct px_dev {
	u8 table[32];
	int committed;
};

static struct px_dev px;

static long px_load_table(struct px_dev *p)
{
	struct file *fp;
	loff_t pos = 0;
	ssize_t n;

	fp = filp_open(PX_TABLE_PATH, O_RDONLY, 0);
	if (IS_ERR(fp))
		return PTR_ERR(fp);
	n = vfs_read(fp, (char __user *)p->table, sizeof(p->table), &pos);
	filp_close(fp, NULL);
	return n < 0 ? n : 0;
}

static long px_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	mm_segment_t old_fs;
	bool raised = false;
	long ret;

	switch (cmd) {
	case PX_IOC_LOAD:
		old_fs = get_fs();
		set_fs(KERNEL_DS);
		raised = true;
		ret = px_load_table(&px);
		if (ret < 0)
			break;
		fallthrough;
	case PX_IOC_COMMIT:
		if (raised)
			set_fs(old_fs);
		px.committed++;
		ret = 0;
		break;
	default:
		ret = -ENOTTY;
		break;
	}
	return ret; /* expect: ds-leak */
}

static const struct file_operations px_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= px_ioctl,
};
