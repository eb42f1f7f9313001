/* case: the qib_write shape: the ->write handler reads the command type through a pointer into its buffer, copies the command's body, and hands a pointer stored in that body to a helper of the file that copies out to it: reported at the helper call, the written buffer is user data but the kernel_write() caller's KERNEL_DS lets the pointer reach kernel memory */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

struct dcmd {
	u32 type;
	union {
		struct { u32 ver; u64 base; } user_info;
		u64 ctxt_info;
	} cmd;
};

struct dctxt_info {
	u32 unit;
	u32 port;
};

static int dctxt_info(struct file *fp, struct dctxt_info __user *uinfo)
{
	struct dctxt_info info = { 1, 2 };

	if (copy_to_user(uinfo, &info, sizeof(info)))
		return -EFAULT;
	return 0;
}

static ssize_t dwrite(struct file *fp, const char __user *data, size_t count, loff_t *off)
{
	const struct dcmd __user *ucmd;
	const void __user *src;
	struct dcmd cmd;
	size_t copy = 0;
	void *dest = NULL;
	ssize_t ret = 0;

	if (count < sizeof(cmd.type))
		return -EINVAL;
	ucmd = (const struct dcmd __user *)data;
	if (copy_from_user(&cmd.type, &ucmd->type, sizeof(cmd.type)))
		return -EFAULT;
	switch (cmd.type) {
	case 1:
		copy = sizeof(cmd.cmd.user_info);
		dest = &cmd.cmd.user_info;
		src = &ucmd->cmd.user_info;
		break;
	case 2:
		copy = sizeof(cmd.cmd.ctxt_info);
		dest = &cmd.cmd.ctxt_info;
		src = &ucmd->cmd.ctxt_info;
		break;
	default:
		return -EINVAL;
	}
	if (copy_from_user(dest, src, copy))
		return -EFAULT;
	if (cmd.type == 2)
		ret = dctxt_info(fp, (struct dctxt_info __user *)(unsigned long)cmd.cmd.ctxt_info); /* expect: user-ptr-kernel-ds */
	return ret ? ret : count;
}

static const struct file_operations dfops = {
	.owner	= THIS_MODULE,
	.write	= dwrite,
};
