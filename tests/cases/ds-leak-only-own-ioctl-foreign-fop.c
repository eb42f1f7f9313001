/* case: a raw-partition driver forwards reads to the storage device it opened (part->lower->f_op->unlocked_ioctl) inside a KERNEL_DS window it closes again; that call goes to the storage driver, not to this file's own ioctl handler stored in the same field, so the read handler stays silent; only the ioctl's own error return that skips set_fs(old_fs) is a ds-leak */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

#define RAWPART_IOC_ERASE	_IOW('r', 1, unsigned int)
#define RAWPART_CHUNK		4096

struct rawpart {
	struct file *lower;	/* the eMMC device, opened at probe */
	unsigned int region;
	loff_t start;
};

struct rawpart_req {
	void *buf;
	size_t len;
	loff_t addr;
};

static ssize_t rawpart_chunk(struct rawpart *part, char *kbuf, size_t len, loff_t addr)
{
	struct rawpart_req req = { .buf = kbuf, .len = len, .addr = addr };
	long ret = -ENODEV;

	if (part->lower->f_op->unlocked_ioctl)
		ret = part->lower->f_op->unlocked_ioctl(part->lower, 1, (unsigned long)&req);
	return ret ? ret : (ssize_t)len;
}

static ssize_t rawpart_read(struct file *file, char __user *buf, size_t count, loff_t *ppos)
{
	struct rawpart *part = file->private_data;
	mm_segment_t old_fs;
	char *kbuf;
	ssize_t n;

	if (count > RAWPART_CHUNK)
		count = RAWPART_CHUNK;
	if (!(*ppos % 512) && !(count % 512)) {
		/* aligned: the lower driver copies to the user buffer itself */
		n = rawpart_chunk(part, (char __force *)buf, count, part->start + *ppos);
		if (n > 0)
			*ppos += n;
		return n;
	}
	kbuf = kmalloc(RAWPART_CHUNK, GFP_KERNEL);
	if (!kbuf)
		return -ENOMEM;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	n = rawpart_chunk(part, kbuf, count, part->start + *ppos);
	set_fs(old_fs);

	if (n > 0 && copy_to_user(buf, kbuf, n))
		n = -EFAULT;
	kfree(kbuf);
	if (n > 0)
		*ppos += n;
	return n;
}

static long rawpart_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct rawpart *part = file->private_data;
	mm_segment_t old_fs;
	char *ones;
	long ret = 0;

	if (cmd != RAWPART_IOC_ERASE)
		return -ENOTTY;
	ones = kmalloc(RAWPART_CHUNK, GFP_KERNEL);
	if (!ones)
		return -ENOMEM;
	memset(ones, 0xff, RAWPART_CHUNK);

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	switch (part->region) {
	case 0:
		ret = rawpart_chunk(part, ones, RAWPART_CHUNK, part->start);
		break;
	default:
		return -EINVAL; /* expect: ds-leak */
	}
	set_fs(old_fs);
	kfree(ones);
	return ret < 0 ? ret : 0;
}

static const struct file_operations rawpart_fops = {
	.owner		= THIS_MODULE,
	.read		= rawpart_read,
	.unlocked_ioctl	= rawpart_ioctl,
};

int rawpart_register(dev_t devt, const struct file_operations *fops);

static int __init rawpart_init(void)
{
	return rawpart_register(MKDEV(240, 0), &rawpart_fops);
}
module_init(rawpart_init);
MODULE_LICENSE("GPL");
