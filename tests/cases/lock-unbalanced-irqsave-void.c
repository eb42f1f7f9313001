/* case: lock-unbalanced: a void function returns early with spin_lock_irqsave() still in force (interrupts stay off too) while the normal path restores */
/* args: -Wlock-unbalanced */
#include <linux/spinlock.h>
#include <linux/interrupt.h>

struct uart_fifo {
	spinlock_t lock;
	unsigned int head, tail;
	u8 buf[256];
	bool stopped;
};

void uart_fifo_push(struct uart_fifo *f, u8 c)
{
	unsigned long flags;

	spin_lock_irqsave(&f->lock, flags);
	if (f->stopped)
		return; /* expect: lock-unbalanced */
	f->buf[f->head++ & 255] = c;
	spin_unlock_irqrestore(&f->lock, flags);
}
