/* case: the ib_ucm shape: a ->write handler copies a header and dispatches through a table of commands with the rest of the buffer; a command copies its struct from that buffer and writes the response through the (void __user *)(unsigned long) pointer it holds: reported in the command, the path showing the handler and the dispatch */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

struct ucmd_hdr {
	u32 cmd;
	u16 in;
	u16 out;
};

struct ucmd_create {
	u64 response;
	u64 uid;
};

struct ucmd_create_resp {
	u32 id;
};

struct ucmd_file;

static ssize_t ucmd_create(struct ucmd_file *file, const char __user *inbuf, int in_len, int out_len)
{
	struct ucmd_create cmd;
	struct ucmd_create_resp resp;

	if (out_len < sizeof(resp))
		return -ENOSPC;
	if (copy_from_user(&cmd, inbuf, sizeof(cmd)))
		return -EFAULT;
	resp.id = 1;
	if (copy_to_user((void __user *)(unsigned long)cmd.response, &resp, sizeof(resp))) /* expect: user-ptr-kernel-ds */
		return -EFAULT;
	return 0;
}

static ssize_t ucmd_destroy(struct ucmd_file *file, const char __user *inbuf, int in_len, int out_len)
{
	u32 id;

	if (get_user(id, (u32 __user *)inbuf))
		return -EFAULT;
	return id ? 0 : -EINVAL;
}

static ssize_t (*ucmd_table[])(struct ucmd_file *file, const char __user *inbuf, int in_len, int out_len) = {
	[0] = ucmd_create,
	[1] = ucmd_destroy,
};

static ssize_t ucmd_write(struct file *filp, const char __user *buf, size_t len, loff_t *pos)
{
	struct ucmd_file *file = filp->private_data;
	struct ucmd_hdr hdr;
	ssize_t result;

	if (len < sizeof(hdr))
		return -EINVAL;
	if (copy_from_user(&hdr, buf, sizeof(hdr)))
		return -EFAULT;
	if (hdr.cmd >= ARRAY_SIZE(ucmd_table))
		return -EINVAL;
	if (hdr.in + sizeof(hdr) > len)
		return -EINVAL;
	result = ucmd_table[hdr.cmd](file, buf + sizeof(hdr), hdr.in, hdr.out);
	if (!result)
		result = len;
	return result;
}

static const struct file_operations ucmd_fops = {
	.owner	= THIS_MODULE,
	.write	= ucmd_write,
};
