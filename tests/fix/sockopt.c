// SPDX-License-Identifier: GPL-2.0
/* must rewrite: socket options set under KERNEL_DS → typed helpers (5.8) or KERNEL_SOCKPTR (5.9) */
#include <linux/net.h>
#include <linux/tcp.h>
#include <net/sock.h>

static int nbdx_tune(struct socket *sock, int prio)
{
	struct linger lg = { .l_onoff = 1, .l_linger = 0 };
	mm_segment_t oldfs;
	int one = 1;
	int ret;

	oldfs = get_fs();
	set_fs(KERNEL_DS);
	sock_setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, (char __user *)&one, sizeof(one));
	ret = sock->ops->setsockopt(sock, SOL_TCP, TCP_NODELAY, (char __user *)&one, sizeof(one));
	sock_setsockopt(sock, SOL_SOCKET, SO_PRIORITY, (char __user *)&prio, sizeof(prio));
	if (!ret)
		ret = sock_setsockopt(sock, SOL_SOCKET, SO_LINGER, (char __user *)&lg, sizeof(lg));
	set_fs(oldfs);
	return ret;
}
