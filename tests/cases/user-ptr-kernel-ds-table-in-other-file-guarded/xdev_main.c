/* case: the same dispatch as user-ptr-kernel-ds-table-in-other-file, fixed
 * the way the kernel fixed ib_uverbs_write() (e6bd18f57aad): the handler
 * refuses to run under KERNEL_DS before it reads anything, so the table's
 * commands in xdev_cmd.c are never reached with a kernel buffer. */
#include <linux/fs.h>
#include <linux/module.h>
#include <linux/uaccess.h>
#include "xdev.h"

static ssize_t (*xdev_cmd_table[])(struct xdev_file *file, const char __user *buf,
				   int in_len, int out_len) = {
	[XDEV_CMD_QUERY] = xdev_cmd_query,
	[XDEV_CMD_RESET] = xdev_cmd_reset,
};

static ssize_t xdev_write(struct file *filp, const char __user *buf, size_t count, loff_t *pos)
{
	struct xdev_file *file = filp->private_data;
	struct xdev_cmd_hdr hdr;

	if (WARN_ON_ONCE(!ib_safe_file_access(filp)))
		return -EACCES;
	if (count < sizeof(hdr))
		return -EINVAL;
	if (copy_from_user(&hdr, buf, sizeof(hdr)))
		return -EFAULT;
	if (hdr.command >= ARRAY_SIZE(xdev_cmd_table) || !xdev_cmd_table[hdr.command])
		return -EINVAL;
	return xdev_cmd_table[hdr.command](file, buf + sizeof(hdr), hdr.in_words * 4,
					   hdr.out_words * 4);
}

static const struct file_operations xdev_fops = {
	.owner = THIS_MODULE,
	.write = xdev_write,
};
