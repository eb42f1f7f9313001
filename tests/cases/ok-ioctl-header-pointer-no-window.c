/* case: the same header-then-embedded-pointer shape in an ioctl handler: no kernel path calls an ioctl with KERNEL_DS and a user-filled buffer, and no window is open here: silent */
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

static long xcmd_ioctl(struct file *filp, unsigned int ucmd, unsigned long arg)
{
	const char __user *buf = (const char __user *)arg;
	size_t len = sizeof(struct xcmd_hdr);
	struct xcmd_hdr hdr;
	struct xcmd_resp resp = { 0 };

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
	.unlocked_ioctl	= xcmd_ioctl,
};
