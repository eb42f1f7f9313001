/* case: lock-unbalanced must not fire: on the last reference the object whose mutex is held is freed, lock and all; the other path unlocks */
/* args: -Wlock-unbalanced */
#include <linux/mutex.h>
#include <linux/slab.h>

struct dma_heap_buf {
	struct mutex lock;
	int refs;
	void *vaddr;
};

void dma_heap_buf_put(struct dma_heap_buf *b)
{
	mutex_lock(&b->lock);
	if (--b->refs == 0) {
		vfree(b->vaddr);
		kfree(b);
		return;
	}
	mutex_unlock(&b->lock);
}
