/* case: a proto_ops .ioctl checks for a missing lower socket after raising and returns unrestored */
#include <linux/module.h>
#include <linux/net.h>
#include <linux/socket.h>
#include <linux/sockios.h>
#include <linux/time.h>
#include <net/sock.h>
#include <linux/uaccess.h>

#define PF_VTUN		42

struct vtun_sock {
	struct sock sk;
	struct socket *lower;
};

#define vtun_sk(__sk) ((struct vtun_sock *)(__sk))

static int vtun_sock_ioctl(struct socket *sock, unsigned int cmd, unsigned long arg)
{
	struct vtun_sock *vs = vtun_sk(sock->sk);
	struct timeval tv;
	mm_segment_t old_fs;
	int ret;

	if (cmd != SIOCGSTAMP)
		return -ENOIOCTLCMD;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	if (!vs->lower)
		return -ENOTCONN; /* expect: ds-leak */
	ret = vs->lower->ops->ioctl(vs->lower, SIOCGSTAMP, (unsigned long)&tv);
	set_fs(old_fs);
	if (ret)
		return ret;

	return copy_to_user((void __user *)arg, &tv, sizeof(tv)) ? -EFAULT : 0;
}

static const struct proto_ops vtun_proto_ops = {
	.family		= PF_VTUN,
	.owner		= THIS_MODULE,
	.ioctl		= vtun_sock_ioctl,
};
