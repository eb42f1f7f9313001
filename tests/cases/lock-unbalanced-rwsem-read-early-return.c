/* case: lock-unbalanced: down_read() and an early return of -ENODEV on the unbound path, without up_read() */
/* args: -Wlock-unbalanced */
#include <linux/rwsem.h>

struct snd_link {
	struct rw_semaphore bind_sem;
	void *codec;
	int rate;
};

int snd_link_get_rate(struct snd_link *l)
{
	int rate;

	down_read(&l->bind_sem);
	if (!l->codec)
		return -ENODEV; /* expect: lock-unbalanced */
	rate = l->rate;
	up_read(&l->bind_sem);
	return rate;
}
