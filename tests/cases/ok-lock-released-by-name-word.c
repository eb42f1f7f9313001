/* case: a call out of view whose name ends a word with "_end" (or "_put")
 * and is handed the object the held lock is a field of is still taken to
 * release it (a header's static inline: ring_transfer_end(ring) unlocks
 * &ring->lock); only "_end" inside a longer word (`_endpoint`) is not */
/* args: -Wlock-unbalanced */
#include <linux/spinlock.h>

struct ring {
	spinlock_t lock;
	int head;
};

void ring_transfer_begin(struct ring *ring);
void ring_transfer_end(struct ring *ring);
int ring_full(struct ring *ring);

int ring_push(struct ring *ring, int v)
{
	spin_lock(&ring->lock);
	if (ring_full(ring)) {
		ring_transfer_end(ring);
		return -28;
	}
	ring->head = v;
	spin_unlock(&ring->lock);
	return 0;
}
