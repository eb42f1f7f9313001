/* case: a bulk read loop allocates before the first window, opens a short user_read_access window per batch, and calls cond_resched() and kfree() only between/after the windows */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#define BATCH		256
#define TBL_IOC_LOAD	_IOW('t', 9, struct tbl_load)

struct tbl_load {
	__u64 entries;
	__u32 nr;
	__u32 pad;
};

int tbl_program(void *priv, const u32 *vals, unsigned int n, unsigned int base);

static long tbl_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct tbl_load req;
	const u32 __user *src;
	unsigned int done, n, i;
	u32 *buf;
	long ret = 0;

	if (cmd != TBL_IOC_LOAD)
		return -ENOTTY;
	if (copy_from_user(&req, (void __user *)arg, sizeof(req)))
		return -EFAULT;
	src = u64_to_user_ptr(req.entries);

	buf = kmalloc_array(BATCH, sizeof(u32), GFP_KERNEL);
	if (!buf)
		return -ENOMEM;

	for (done = 0; done < req.nr; done += n) {
		n = min_t(unsigned int, req.nr - done, BATCH);
		if (!user_read_access_begin(src + done, n * sizeof(u32))) {
			ret = -EFAULT;
			break;
		}
		for (i = 0; i < n; i++)
			unsafe_get_user(buf[i], src + done + i, efault);
		user_read_access_end();

		ret = tbl_program(file->private_data, buf, n, done);
		if (ret)
			break;
		cond_resched();
	}
	kfree(buf);
	return ret;

efault:
	user_read_access_end();
	kfree(buf);
	return -EFAULT;
}

static const struct file_operations tbl_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= tbl_ioctl,
};
