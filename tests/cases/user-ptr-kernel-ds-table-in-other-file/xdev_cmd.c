/* The commands (see xdev_main.c): query writes its answer where the
 * command says; reset only reads flags; ping takes a kernel pointer, not
 * the buffer, so no table call can hand it user bytes. */
#include <linux/fs.h>
#include <linux/uaccess.h>
#include "xdev.h"

ssize_t xdev_cmd_query(struct xdev_file *file, const char __user *buf, int in_len, int out_len)
{
	struct xdev_query cmd;
	struct xdev_query_resp resp;

	if (copy_from_user(&cmd, buf, sizeof(cmd)))
		return -EFAULT;
	resp.version = file->version;
	if (copy_to_user((void __user *)(unsigned long)cmd.response, &resp, sizeof(resp))) /* expect: user-ptr-kernel-ds */
		return -EFAULT;
	return in_len;
}

ssize_t xdev_cmd_reset(struct xdev_file *file, const char __user *buf, int in_len, int out_len)
{
	struct xdev_reset cmd;

	if (copy_from_user(&cmd, buf, sizeof(cmd)))
		return -EFAULT;
	file->flags = cmd.flags;
	return in_len;
}
