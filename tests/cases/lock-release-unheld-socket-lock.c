/* case: lock-release-unheld: a protocol check jumps to the label that releases the socket lock before lock_sock() (gtp_encap_enable_socket(), fixed by 2a8d5b2a7c2c) */
#include <net/sock.h>
#include <linux/net.h>

static struct sock *tun_enable_socket(int fd, void *owner)
{
	struct socket *sock;
	struct sock *sk;
	int err;

	sock = sockfd_lookup(fd, &err);
	if (!sock)
		return NULL;

	if (sock->sk->sk_protocol != IPPROTO_UDP) {
		sk = ERR_PTR(-EINVAL);
		goto out_sock;
	}

	lock_sock(sock->sk);
	if (sock->sk->sk_user_data) {
		sk = ERR_PTR(-EBUSY);
		goto out_sock;
	}
	sk = sock->sk;
	sock_hold(sk);
	sk->sk_user_data = owner;

out_sock:
	release_sock(sock->sk); /* expect: lock-release-unheld */
	sockfd_put(sock);
	return sk;
}

struct sock *tun_enable(int fd, void *owner)
{
	return tun_enable_socket(fd, owner);
}
