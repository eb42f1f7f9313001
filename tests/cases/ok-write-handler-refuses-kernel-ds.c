/* case: the ->write handler that follows a pointer from its header first refuses to run under KERNEL_DS (uaccess_kernel()), the fix sg_write and bsg_write got: silent */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

struct xcmd_hdr {
	u32 cmd;
	u32 len;
	u64 response;
};

struct xcmd_resp {
	u32 status;
	u32 handle;
};

static ssize_t xcmd_write(struct file *filp, const char __user *buf, size_t len, loff_t *pos)
{
	struct xcmd_hdr hdr;
	struct xcmd_resp resp = { 0 };

	if (uaccess_kernel())
		return -EINVAL;
	if (len < sizeof(hdr))
		return -EINVAL;
	if (copy_from_user(&hdr, buf, sizeof(hdr)))
		return -EFAULT;
	resp.handle = hdr.cmd;
	if (copy_to_user(u64_to_user_ptr(hdr.response), &resp, sizeof(resp)))
		return -EFAULT;
	return len;
}

static const struct file_operations xcmd_fops = {
	.owner	= THIS_MODULE,
	.write	= xcmd_write,
};
