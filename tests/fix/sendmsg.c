// SPDX-License-Identifier: GPL-2.0
/* must rewrite: sock_sendmsg / sock_recvmsg over a kernel iovec → kernel_sendmsg / kernel_recvmsg */
#include <linux/net.h>
#include <linux/socket.h>
#include <linux/uio.h>

static int rpcx_send(struct socket *sock, void *buf, size_t len)
{
	struct msghdr msg = { .msg_flags = MSG_NOSIGNAL };
	struct iovec iov;
	mm_segment_t oldfs;
	int ret;

	iov.iov_base = (void __user *)buf;
	iov.iov_len = len;
	msg.msg_iov = &iov;
	msg.msg_iovlen = 1;
	oldfs = get_fs();
	set_fs(KERNEL_DS);
	ret = sock_sendmsg(sock, &msg);
	set_fs(oldfs);
	return ret;
}

static int rpcx_recv(struct socket *sock, void *buf, size_t len)
{
	struct msghdr msg = {};
	struct iovec iov = { .iov_base = buf, .iov_len = len };
	mm_segment_t oldfs;
	int ret;

	iov_iter_init(&msg.msg_iter, READ, &iov, 1, len);
	oldfs = get_fs();
	set_fs(KERNEL_DS);
	ret = sock_recvmsg(sock, &msg, MSG_WAITALL);
	set_fs(oldfs);
	return ret;
}
