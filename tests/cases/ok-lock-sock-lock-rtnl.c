/* case: the twins of lock-held-return-sock-lock-rtnl.c: each error path
 * releases the socket lock and the RTNL lock before returning, one through
 * a shared label, and rtnl_trylock() holds it only when it returns
 * non-zero. */
#include <linux/net.h>
#include <net/sock.h>
#include <linux/rtnetlink.h>
#include <net/genetlink.h>

static int toy_setsockopt(struct socket *sock, int level, int optname,
			  sockptr_t optval, unsigned int optlen)
{
	struct sock *sk = sock->sk;
	int val, err = 0;

	lock_sock(sk);
	if (optlen < sizeof(int)) {
		err = -EINVAL;
		goto out;
	}
	if (copy_from_sockptr(&val, optval, sizeof(val))) {
		err = -EFAULT;
		goto out;
	}
	sk->sk_priority = val;
out:
	release_sock(sk);
	return err;
}

static const struct proto_ops toy_ops = {
	.family = 99,
	.setsockopt = toy_setsockopt,
};

static int toy_doit(struct sk_buff *skb, struct genl_info *info)
{
	if (!rtnl_trylock())
		return -EAGAIN;
	if (!info->attrs[1]) {
		rtnl_unlock();
		return -EINVAL;
	}
	rtnl_unlock();
	return 0;
}

static const struct genl_small_ops toy_genl_ops[] = {
	{ .cmd = 1, .doit = toy_doit },
};
