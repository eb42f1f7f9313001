/* case: lock-unbalanced: an accessor returns its read in the middle of the critical section, so the unlock after the return is never reached and the lock is held at every exit (ppc mv64x60_read(), fixed by 3e8d86afe992); the release in the text says it was meant to be released, unlike a helper that takes a lock for its caller and has none */
/* args: -Wlock-unbalanced */
#include <linux/spinlock.h>
#include <linux/io.h>

static DEFINE_SPINLOCK(bridge_lock);

struct bridge {
	void __iomem *base;
};

static inline u32 bridge_read(struct bridge *b, u32 offset)
{
	unsigned long flags;

	spin_lock_irqsave(&bridge_lock, flags);
	return in_le32(b->base + offset); /* expect: lock-unbalanced */
	spin_unlock_irqrestore(&bridge_lock, flags);
}

static inline void bridge_write(struct bridge *b, u32 offset, u32 val)
{
	unsigned long flags;

	spin_lock_irqsave(&bridge_lock, flags);
	out_le32(b->base + offset, val);
	spin_unlock_irqrestore(&bridge_lock, flags);
}

/* takes it for its caller, who releases it: no release in its text */
void bridge_claim(struct bridge *b)
{
	spin_lock(&bridge_lock);
	out_le32(b->base, 1);
}

void bridge_reset(struct bridge *b)
{
	bridge_claim(b);
	out_le32(b->base + 4, 0);
	spin_unlock(&bridge_lock);
}
