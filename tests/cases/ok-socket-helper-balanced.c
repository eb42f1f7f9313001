/* case: a kernel-socket helper restores the limit before each of its error returns */
#include <linux/module.h>
#include <linux/net.h>
#include <linux/socket.h>
#include <linux/tcp.h>
#include <net/sock.h>
#include <linux/uaccess.h>

static int iscsix_tune_socket(struct socket *sock)
{
	mm_segment_t old_fs;
	int one = 1, ret;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	ret = sock->ops->setsockopt(sock, IPPROTO_TCP, TCP_NODELAY, (char __user *)&one, sizeof(one));
	if (ret < 0) {
		set_fs(old_fs);
		pr_err("iscsix: TCP_NODELAY failed: %d\n", ret);
		return ret;
	}
	ret = sock_setsockopt(sock, SOL_SOCKET, SO_KEEPALIVE, (char __user *)&one, sizeof(one));
	set_fs(old_fs);
	if (ret < 0)
		pr_err("iscsix: SO_KEEPALIVE failed: %d\n", ret);
	return ret;
}
