/* case: lock-unbalanced must not fire: ring_claim_slot() keeps the ring lock when it finds a slot and drops it otherwise, returning an index either way; its callers in the file unlock after using the slot, so that is its contract */
/* args: -Wlock-unbalanced */
#include <linux/spinlock.h>

struct ring {
	spinlock_t lock;
	int slots[32];
	int used;
};

static int ring_claim_slot(struct ring *r, int want)
{
	int i;

	spin_lock(&r->lock);
	for (i = 0; i < 32; i++)
		if (r->slots[i] == want)
			return i;
	spin_unlock(&r->lock);
	return i;
}

int ring_store(struct ring *r, int want, int v)
{
	int i = ring_claim_slot(r, want);

	if (i == 32)
		return -ENOSPC;
	r->slots[i] = v;
	r->used++;
	spin_unlock(&r->lock);
	return 0;
}
