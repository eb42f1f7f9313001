// SPDX-License-Identifier: GPL-2.0
/* must not rewrite: modern code has no window */
#include <linux/fs.h>

static ssize_t fw_read(struct file *fp, void *buf, size_t len, loff_t *pos)
{
	return kernel_read(fp, buf, len, pos);
}
