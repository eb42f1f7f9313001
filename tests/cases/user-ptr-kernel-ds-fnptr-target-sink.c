/* case: inside a window the ioctl dispatches tr->ops->fetch(tr, argp); the target stored in .fetch copies out to its pointer parameter with copy_to_user, so the user pointer reaches it under KERNEL_DS: reported at the dispatch */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

#define TRC_IOC_FETCH	_IOR('t', 0x07, struct trc_snapshot)
#define TRC_SPILL_PATH	"/data/vendor/trace/spill.bin"

struct trc_snapshot {
	u32 head;
	u32 tail;
	u8 data[1024];
};

struct trc_dev;

struct trc_ops {
	int (*fetch)(struct trc_dev *tr, void __user *dst);
};

struct trc_dev {
	const struct trc_ops *ops;
	struct file *spill;
	loff_t spill_pos;
	struct trc_snapshot snap;
};

static int trc_ring_fetch(struct trc_dev *tr, void __user *dst)
{
	return copy_to_user(dst, &tr->snap, sizeof(tr->snap)) ? -EFAULT : 0;
}

static const struct trc_ops trc_ring_ops = {
	.fetch	= trc_ring_fetch,
};

static long trc_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct trc_dev *tr = file->private_data;
	void __user *argp = (void __user *)arg;
	mm_segment_t old_fs;
	int ret;

	if (cmd != TRC_IOC_FETCH)
		return -ENOTTY;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	vfs_write(tr->spill, (const char __user *)&tr->snap, sizeof(tr->snap), &tr->spill_pos);
	ret = tr->ops->fetch(tr, argp); /* expect: user-ptr-kernel-ds */
	set_fs(old_fs);
	return ret;
}

static int trc_open(struct inode *inode, struct file *file)
{
	struct trc_dev *tr = kzalloc(sizeof(*tr), GFP_KERNEL);

	if (!tr)
		return -ENOMEM;
	tr->ops = &trc_ring_ops;
	tr->spill = filp_open(TRC_SPILL_PATH, O_WRONLY | O_CREAT | O_APPEND, 0600);
	file->private_data = tr;
	return 0;
}

static const struct file_operations trc_fops = {
	.owner		= THIS_MODULE,
	.open		= trc_open,
	.unlocked_ioctl	= trc_ioctl,
};
