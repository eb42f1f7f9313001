// SPDX-License-Identifier: GPL-2.0
/* must not rewrite: a compat shim that defines the modern API itself */
#include <linux/net.h>

static int kernel_setsockopt(struct socket *sock, int level, int name, char *val, unsigned int len)
{
	mm_segment_t oldfs = get_fs();
	int err;

	set_fs(KERNEL_DS);
	err = sock->ops->setsockopt(sock, level, name, (char __user *)val, len);
	set_fs(oldfs);
	return err;
}
