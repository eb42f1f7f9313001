#include <linux/fs.h>
#include <linux/uaccess.h>

struct xcmd_hdr {
	u32 cmd;
	u64 response;		/* where user space wants the answer */
};

static ssize_t xcmd_write(struct file *filp, const char __user *buf, size_t len, loff_t *pos)
{
	struct xcmd_hdr hdr;
	u32 status = 0;

	if (len < sizeof(hdr))
		return -EINVAL;
	if (copy_from_user(&hdr, buf, sizeof(hdr)))
		return -EFAULT;
	if (copy_to_user(u64_to_user_ptr(hdr.response), &status, sizeof(status)))
		return -EFAULT;
	return len;
}

static const struct file_operations xcmd_fops = { .write = xcmd_write };
