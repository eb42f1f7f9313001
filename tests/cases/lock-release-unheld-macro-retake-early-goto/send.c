/* case: lock-release-unheld must fire: the waiting macro drops and retakes the lock (no release of its own), but an error before lock_sock() jumps to the label that releases it */
#include "wait.h"

struct pipe {
	atomic_t credits;
};

int pipe_send(struct sock *sk, struct sk_buff *skb);

int pipe_sendmsg(struct sock *sk, struct pipe *pn, struct sk_buff *skb, long timeo, int len)
{
	int err, done;

	if (len > 4096) {
		err = -EMSGSIZE;
		goto out;
	}
	lock_sock(sk);
	done = atomic_read(&pn->credits);
	while (!done) {
		DEFINE_WAIT_FUNC(wait, woken_wake_function);

		done = sk_wait_cond(sk, &timeo, atomic_read(&pn->credits), &wait);
	}
	err = pipe_send(sk, skb);
out:
	release_sock(sk); /* expect: lock-release-unheld */
	return err;
}
