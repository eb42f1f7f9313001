/* case: a socket call whose lock is taken by a callee in another file (l2cap_sock_connect(): l2cap_chan_connect() in l2cap_core.c returns with lock_sock(sk) held) and released under `if (sock_owned_by_user(sk))`: the function asks whether it holds the lock, so the release is no entry point's release of a lock it never takes: silent */
#include <linux/net.h>
#include <net/sock.h>

struct l2cap_chan_demo;
extern int l2cap_chan_connect_demo(struct l2cap_chan_demo *chan, int psm);
extern struct l2cap_chan_demo *sk_chan_demo(struct sock *sk);

static int l2cap_sock_listen_demo(struct socket *sock, int backlog)
{
	struct sock *sk = sock->sk;

	lock_sock(sk);
	sk->sk_max_ack_backlog = backlog;
	release_sock(sk);
	return 0;
}

static int l2cap_sock_connect_demo(struct socket *sock, struct sockaddr *addr, int alen, int flags)
{
	struct sock *sk = sock->sk;
	int err;

	if (!addr)
		return -EINVAL;
	err = l2cap_chan_connect_demo(sk_chan_demo(sk), 1);
	if (err)
		goto done;
	err = 0;
done:
	if (sock_owned_by_user(sk))
		release_sock(sk);
	return err;
}

const struct proto_ops l2cap_sock_ops_demo = {
	.connect = l2cap_sock_connect_demo,
	.listen = l2cap_sock_listen_demo,
};
