/* case: lock-unbalanced: a call out of view named `..._endpoint()` is handed
 * the lock's object while the lock is held; "_end" inside a word of its
 * name does not say it releases (xhci_urb_enqueue()'s
 * xhci_queue_stop_endpoint(xhci, ...) in another function of the file had
 * made the walk believe xhci->lock was handed over, hiding the `return
 * -EINVAL` that leaves it held: upstream fix c7959fb265d8 "USB: xhci: drop
 * spinlock in xhci_urb_enqueue() error path.") */
/* args: -Wlock-unbalanced */
#include <linux/spinlock.h>

struct hc {
	spinlock_t lock;
	void **devs;
};

int queue_stop_endpoint(struct hc *hc, int slot);
int queue_tx(struct hc *hc, int slot);

int hc_urb_dequeue(struct hc *hc, int slot)
{
	unsigned long flags;

	spin_lock_irqsave(&hc->lock, flags);
	queue_stop_endpoint(hc, slot);
	spin_unlock_irqrestore(&hc->lock, flags);
	return 0;
}

int hc_urb_enqueue(struct hc *hc, int slot)
{
	unsigned long flags;
	int ret;

	spin_lock_irqsave(&hc->lock, flags);
	if (!hc->devs || !hc->devs[slot])
		return -22; /* expect: lock-unbalanced */
	ret = queue_tx(hc, slot);
	spin_unlock_irqrestore(&hc->lock, flags);
	return ret;
}
