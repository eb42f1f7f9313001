/* case: the socket lock and the RTNL lock are locks like a mutex: a
 * setsockopt handler of proto_ops that returns -EINVAL between
 * lock_sock() and release_sock(), and a netlink doit that returns between
 * rtnl_lock() and rtnl_unlock(), return to user mode holding them. */
#include <linux/net.h>
#include <net/sock.h>
#include <linux/rtnetlink.h>
#include <net/genetlink.h>

static int toy_setsockopt(struct socket *sock, int level, int optname,
			  sockptr_t optval, unsigned int optlen)
{
	struct sock *sk = sock->sk;
	int val;

	lock_sock(sk);
	if (optlen < sizeof(int))
		return -EINVAL; /* expect: lock-held-return */
	if (copy_from_sockptr(&val, optval, sizeof(val))) {
		release_sock(sk);
		return -EFAULT;
	}
	sk->sk_priority = val;
	release_sock(sk);
	return 0;
}

static const struct proto_ops toy_ops = {
	.family = 99,
	.setsockopt = toy_setsockopt,
};

static int toy_doit(struct sk_buff *skb, struct genl_info *info)
{
	rtnl_lock();
	if (!info->attrs[1])
		return -EINVAL; /* expect: lock-held-return */
	rtnl_unlock();
	return 0;
}

static const struct genl_small_ops toy_genl_ops[] = {
	{ .cmd = 1, .doit = toy_doit },
};
