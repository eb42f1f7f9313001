/* case: an ioctl handler copies a request from user space into a local struct, raises the limit, and hands the request's user pointer to a helper of the file that copy_from_user()s through it: the argument comes from a local, not from one of the handler's parameters, so only the helper's own summary (its parameter reaches a uaccess routine) tells; the same helper given a kernel buffer is fine */
#include <linux/fs.h>
#include <linux/uaccess.h>

struct req {
	void __user *data;
	unsigned int len;
};

static int fetch(void __user *from, char *to, unsigned int len)
{
	if (copy_from_user(to, from, len))
		return -EFAULT;
	return 0;
}

static long toy_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct req r;
	char buf[16];
	char kbuf[16] = "abc";
	mm_segment_t old = get_fs();
	int ret;

	if (copy_from_user(&r, (void __user *)arg, sizeof(r)))
		return -EFAULT;
	if (r.len > sizeof(buf))
		return -EINVAL;
	set_fs(KERNEL_DS);
	ret = fetch(r.data, buf, r.len);	/* expect: user-ptr-kernel-ds */
	if (!ret)
		ret = fetch((void __user *)kbuf, buf, sizeof(kbuf));
	set_fs(old);
	return ret;
}

static const struct file_operations toy_fops = {
	.unlocked_ioctl = toy_ioctl,
};
