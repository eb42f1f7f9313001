/* case: a .write handler breaks out of its chunk loop between the raise and the restore */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#define MIRROR_CHUNK	4096

struct mirror_dev {
	struct file *backing;
	loff_t pos;
};

static ssize_t mirror_write(struct file *file, const char __user *ubuf,
			    size_t count, loff_t *ppos)
{
	struct mirror_dev *md = file->private_data;
	mm_segment_t old_fs;
	size_t done = 0;
	ssize_t ret = 0;
	char *kbuf;

	kbuf = kmalloc(MIRROR_CHUNK, GFP_KERNEL);
	if (!kbuf)
		return -ENOMEM;

	old_fs = get_fs();
	while (done < count) {
		size_t n = min_t(size_t, count - done, MIRROR_CHUNK);

		if (copy_from_user(kbuf, ubuf + done, n)) {
			ret = -EFAULT;
			break;
		}
		set_fs(KERNEL_DS);
		ret = vfs_write(md->backing, (const char __user *)kbuf, n, &md->pos);
		if (ret < 0)
			break;
		set_fs(old_fs);
		done += ret;
	}

	kfree(kbuf);
	if (done)
		return done; /* expect: ds-leak */
	return ret; /* expect: ds-leak */
}

static const struct file_operations mirror_fops = {
	.owner	= THIS_MODULE,
	.write	= mirror_write,
};
