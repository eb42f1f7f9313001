// SPDX-License-Identifier: GPL-2.0
/* must rewrite: socket options set under KERNEL_DS → typed helpers (5.8) or KERNEL_SOCKPTR (5.9) */
#include <linux/net.h>
#include <linux/tcp.h>
#include <net/sock.h>

static void nbdx_tune(struct socket *sock, int prio)
{
	mm_segment_t oldfs;
	int one = 1;

	oldfs = get_fs();
	set_fs(KERNEL_DS);
	sock_setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, (char __user *)&one, sizeof(one));
	sock->ops->setsockopt(sock, SOL_TCP, TCP_NODELAY, (char __user *)&one, sizeof(one));
	sock_setsockopt(sock, SOL_SOCKET, SO_PRIORITY, (char __user *)&prio, sizeof(prio));
	set_fs(oldfs);
}
