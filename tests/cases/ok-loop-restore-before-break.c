/* case: a .write handler's chunk loop restores the limit before testing the result, so break leaves it balanced */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#define TAP_CHUNK	2048

struct tap_dev {
	struct file *sink;
	loff_t pos;
};

static ssize_t tap_write(struct file *file, const char __user *ubuf, size_t count, loff_t *ppos)
{
	struct tap_dev *td = file->private_data;
	mm_segment_t old_fs;
	size_t done = 0;
	ssize_t n = 0;
	char *kbuf;

	kbuf = kmalloc(TAP_CHUNK, GFP_KERNEL);
	if (!kbuf)
		return -ENOMEM;

	while (done < count) {
		size_t chunk = min_t(size_t, count - done, TAP_CHUNK);

		if (copy_from_user(kbuf, ubuf + done, chunk)) {
			n = -EFAULT;
			break;
		}
		old_fs = get_fs();
		set_fs(KERNEL_DS);
		n = vfs_write(td->sink, (const char __user *)kbuf, chunk, &td->pos);
		set_fs(old_fs);
		if (n <= 0)
			break;
		done += n;
	}
	kfree(kbuf);
	return done ? done : n;
}

static const struct file_operations tap_fops = {
	.owner	= THIS_MODULE,
	.write	= tap_write,
};
