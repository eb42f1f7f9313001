/* case: lock-release-unheld must not fire: a header macro releases the socket lock and takes it again while it waits (pep_sendmsg() with sk_wait_event(), 6.1), so the release after the loop is of a lock still held */
#include "wait.h"

struct pipe {
	atomic_t credits;
};

int pipe_send(struct sock *sk, struct sk_buff *skb);

int pipe_sendmsg(struct sock *sk, struct pipe *pn, struct sk_buff *skb, long timeo)
{
	int err, done;

	lock_sock(sk);
	done = atomic_read(&pn->credits);
	while (!done) {
		DEFINE_WAIT_FUNC(wait, woken_wake_function);

		if (!timeo) {
			err = -EAGAIN;
			goto out;
		}
		done = sk_wait_cond(sk, &timeo, atomic_read(&pn->credits), &wait);
	}
	err = pipe_send(sk, skb);
out:
	release_sock(sk);
	return err;
}
