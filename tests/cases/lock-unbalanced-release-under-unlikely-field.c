/* case: lock-unbalanced fires: the release is under `unlikely(r->dirty)`, a field nothing ties to the lock, so the path that finds the record clean returns with the lock held while the other returns released: the hint around the test does not make it a local handle */
/* args: -Wlock-unbalanced */
#include <linux/rwsem.h>
#include <linux/compiler.h>

struct rec { struct rw_semaphore lock; int dirty; int nbufs; };
int rec_write(struct rec *r);

int rec_sync(struct rec *r)
{
	int err;

	down_read(&r->lock);
	err = rec_write(r);
	if (unlikely(r->dirty))
		up_read(&r->lock);
	return err; /* expect: lock-unbalanced */
}
