/* case: a proto_ops .ioctl forwards to the lower socket inside a window restored on every path */
#include <linux/module.h>
#include <linux/net.h>
#include <linux/socket.h>
#include <linux/sockios.h>
#include <net/sock.h>
#include <linux/uaccess.h>

#define PF_SHIM		43

struct shim_sock {
	struct sock sk;
	struct socket *lower;
};

#define shim_sk(__sk) ((struct shim_sock *)(__sk))

static int shim_sock_ioctl(struct socket *sock, unsigned int cmd, unsigned long arg)
{
	struct shim_sock *ss = shim_sk(sock->sk);
	mm_segment_t old_fs;
	int karg, ret;

	if (cmd != SIOCINQ && cmd != SIOCOUTQ)
		return -ENOIOCTLCMD;
	if (!ss->lower)
		return -ENOTCONN;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	ret = ss->lower->ops->ioctl(ss->lower, cmd, (unsigned long)&karg);
	set_fs(old_fs);
	if (ret)
		return ret;

	return put_user(karg, (int __user *)arg);
}

static const struct proto_ops shim_proto_ops = {
	.family	= PF_SHIM,
	.owner	= THIS_MODULE,
	.ioctl	= shim_sock_ioctl,
};
