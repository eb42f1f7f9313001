/* case: a kernel tree (kernel/ and arch/ at its top) whose tools/ holds a
 * selftest header with an ASSERT() that returns; kernel code's own ASSERT()
 * (a BUG() in a private header) is another macro.  The selftest's must not
 * give kernel code a return inside lock_sock() ... release_sock(): nothing
 * is reported (linux-6.1 net/rxrpc/af_rxrpc.c rxrpc_listen() was). */
#include <linux/net.h>
#include <net/sock.h>
#include "toy.h"

static int toy_listen(struct socket *sock, int backlog)
{
	struct sock *sk = sock->sk;
	int ret = 0;

	lock_sock(sk);
	ASSERT(sk->sk_state != 0);
	if (backlog < 0)
		ret = -EINVAL;
	release_sock(sk);
	return ret;
}

static const struct proto_ops toy_ops = {
	.family = 99,
	.listen = toy_listen,
};
