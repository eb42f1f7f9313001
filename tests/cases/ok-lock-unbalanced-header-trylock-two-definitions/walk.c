/* case: lock-unbalanced must not fire: the header's trylock may return false holding nothing (an early return between its rcu_read_lock() and rcu_read_unlock(), and a second definition that always takes it), so it is no plain wrapper, and the caller's break after a failed try holds nothing (walk_mm() in mm/vmscan.c, 6.1) */
#include "grp.h"

int walk_range(struct grp *g, unsigned long *next);

void walk_all(struct grp *g, unsigned long *next)
{
	int err;

	do {
		err = -EBUSY;
		if (!grp_trylock(g))
			break;
		err = walk_range(g, next);
		grp_unlock();
	} while (err == -EAGAIN);
}
