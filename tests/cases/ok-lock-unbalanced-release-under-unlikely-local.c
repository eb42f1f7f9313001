/* case: lock-unbalanced must not fire: the runlist lock is taken inside the loop the first time a buffer needs mapping, and the local pointer it sets tells after the loop whether it was taken: `if (unlikely(rl)) up_read(...)` (the hint around the local test does not hide it) */
/* args: -Wlock-unbalanced */
#include <linux/rwsem.h>
#include <linux/compiler.h>

struct run { long length; long vcn; };
struct rec { struct rw_semaphore lock; struct run *rl; int nbufs; int mapped[8]; };

int rec_map(struct rec *r, long vcn)
{
	struct run *rl = NULL;
	int i, err = 0;

	for (i = 0; i < r->nbufs; i++) {
		if (r->mapped[i])
			continue;
		if (!rl) {
			down_read(&r->lock);
			rl = r->rl;
		}
		while (rl->length && rl[1].vcn <= vcn)
			rl++;
		if (rl->vcn < 0)
			err = -EIO;
		r->mapped[i] = 1;
	}
	if (unlikely(rl))
		up_read(&r->lock);
	if (err)
		return err;
	return 0;
}
