/* case: a socket call that releases the socket lock it takes nowhere, under a test of the socket's state rather than of the lock (a test that says nothing of who holds it): called from user mode it holds nothing, reported */
#include <linux/net.h>
#include <net/sock.h>

static int rs_sock_listen_demo(struct socket *sock, int backlog)
{
	struct sock *sk = sock->sk;

	lock_sock(sk);
	sk->sk_max_ack_backlog = backlog;
	release_sock(sk);
	return 0;
}

static int rs_sock_shutdown_demo(struct socket *sock, int how)
{
	struct sock *sk = sock->sk;

	sk->sk_shutdown = how;
	if (sk->sk_state != 0)
		release_sock(sk); /* expect: lock-release-unheld */
	return 0;
}

const struct proto_ops rs_sock_ops_demo = {
	.shutdown = rs_sock_shutdown_demo,
	.listen = rs_sock_listen_demo,
};
