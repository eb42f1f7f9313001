/* case: b->ops->io_begin(b) raises and b->ops->io_end(b) restores (targets in another file); this ioctl calls io_end on every goto path after io_begin: silent */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#define RDUMP_IOC_SAVE		_IO('r', 1)
#define RDUMP_CHUNK		1024

struct pstore_be;

struct pstore_be_ops {
	void (*io_begin)(struct pstore_be *b);
	void (*io_end)(struct pstore_be *b);
};

struct pstore_be {
	const struct pstore_be_ops *ops;
	struct file *fp;
	mm_segment_t saved;
	loff_t pos;
};

struct rdump_dev {
	struct pstore_be *be;
	const u8 *ring;
	size_t ring_len;
};

static long rdump_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct rdump_dev *rd = file->private_data;
	struct pstore_be *b = rd->be;
	size_t off, chunk;
	ssize_t n;
	long ret = 0;
	u8 *bounce;

	if (cmd != RDUMP_IOC_SAVE)
		return -ENOTTY;
	bounce = kmalloc(RDUMP_CHUNK, GFP_KERNEL);
	if (!bounce)
		return -ENOMEM;

	b->ops->io_begin(b);
	for (off = 0; off < rd->ring_len; off += chunk) {
		chunk = min_t(size_t, RDUMP_CHUNK, rd->ring_len - off);
		memcpy(bounce, rd->ring + off, chunk);
		n = vfs_write(b->fp, (const char __user *)bounce, chunk, &b->pos);
		if (n < 0) {
			ret = n;
			goto out_end;
		}
		if (n != chunk) {
			ret = -ENOSPC;
			goto out_end;
		}
	}
out_end:
	b->ops->io_end(b);
	kfree(bounce);
	return ret;
}

static const struct file_operations rdump_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= rdump_ioctl,
};
