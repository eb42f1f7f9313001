/* case: a ->write handler copies a command header out of its buffer and then writes its answer to the pointer the header holds; kernel_write()/splice call it with KERNEL_DS and a buffer user space filled, so the answer goes to any kernel address: reported at the second uaccess */
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

	if (len < sizeof(hdr))
		return -EINVAL;
	if (copy_from_user(&hdr, buf, sizeof(hdr)))
		return -EFAULT;
	resp.handle = hdr.cmd;
	if (copy_to_user(u64_to_user_ptr(hdr.response), &resp, sizeof(resp))) /* expect: user-ptr-kernel-ds */
		return -EFAULT;
	return len;
}

static const struct file_operations xcmd_fops = {
	.owner	= THIS_MODULE,
	.write	= xcmd_write,
};
