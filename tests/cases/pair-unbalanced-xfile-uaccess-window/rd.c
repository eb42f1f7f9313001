/* case: win_open(), in another file, opens a user access window that its caller must close; the read handler fails after it and returns without user_access_end(), leaving user access enabled on the way back to user mode */
#include <linux/fs.h>
#include <linux/uaccess.h>

int win_open(void __user *p, size_t len);

static ssize_t rd_read(struct file *file, char __user *buf, size_t len, loff_t *off)
{
	int err = win_open(buf, sizeof(u32));

	if (err)
		return err;
	if (len < sizeof(u32))
		return -EINVAL; /* expect: pair-unbalanced */
	unsafe_put_user(1, (u32 __user *)buf, efault);
	user_access_end();
	return sizeof(u32);
efault:
	user_access_end();
	return -EFAULT;
}

static const struct file_operations rd_fops = {
	.read = rd_read,
};
