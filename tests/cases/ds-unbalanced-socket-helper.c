/* case: a kernel-socket helper returns the first sock_setsockopt error with KERNEL_DS still set */
#include <linux/module.h>
#include <linux/net.h>
#include <linux/socket.h>
#include <net/sock.h>
#include <linux/uaccess.h>

static int rpcx_set_bufsize(struct socket *sock, int size)
{
	mm_segment_t old_fs = get_fs();
	int ret;

	set_fs(KERNEL_DS);
	ret = sock_setsockopt(sock, SOL_SOCKET, SO_SNDBUF, (char __user *)&size, sizeof(size));
	if (ret < 0) {
		pr_warn("rpcx: SO_SNDBUF failed: %d\n", ret);
		return ret; /* expect: ds-unbalanced */
	}
	ret = sock_setsockopt(sock, SOL_SOCKET, SO_RCVBUF, (char __user *)&size, sizeof(size));
	set_fs(old_fs);
	return ret;
}
