/* case: lock-unbalanced must not fire: the helper takes the lock on every path and leaves it to its caller (an imbalance would be held on some paths only) */
/* args: -Wlock-unbalanced */
#include <linux/spinlock.h>

struct irq_chip_data {
	raw_spinlock_t lock;
	u32 mask;
};

static u32 chip_mask_and_hold(struct irq_chip_data *d, u32 bit)
{
	raw_spin_lock(&d->lock);
	if (bit > 31)
		return d->mask;
	d->mask |= 1u << bit;
	return d->mask;
}

void chip_mask(struct irq_chip_data *d, u32 bit)
{
	chip_mask_and_hold(d, bit);
	raw_spin_unlock(&d->lock);
}
