/* case: the ->write handler reads a command header and dispatches the rest
 * of the buffer through a table whose entries xdev_cmd.c defines; the
 * kernel may call ->write under KERNEL_DS (kernel_write, splice), so the
 * response pointer a command struct holds may be a kernel address.  The
 * finding is in xdev_cmd.c, with this file's handler and table call as its
 * first steps. */
#include <linux/fs.h>
#include <linux/module.h>
#include <linux/uaccess.h>
#include "xdev.h"

static ssize_t (*xdev_cmd_table[])(struct xdev_file *file, const char __user *buf,
				   int in_len, int out_len) = {
	[XDEV_CMD_QUERY] = xdev_cmd_query,
	[XDEV_CMD_RESET] = xdev_cmd_reset,
	[XDEV_CMD_PING] = xdev_cmd_ping,
};

static ssize_t xdev_write(struct file *filp, const char __user *buf, size_t count, loff_t *pos)
{
	struct xdev_file *file = filp->private_data;
	struct xdev_cmd_hdr hdr;

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
