/* case: pair-unbalanced: local_irq_save() ... local_irq_restore() around claiming a DMA channel; the request_irq() failure returns with interrupts still disabled (imx-dma 7c9950238371), and a get_cpu() is not given back on an early return */
/* args: --rules=../../rules/irq-preempt.rules */
#include <linux/interrupt.h>
#include <linux/smp.h>

struct dma_chan_slot {
	const char *name;
	int busy;
};

static struct dma_chan_slot slots[16];
irqreturn_t dma_irq(int irq, void *dev);

int dma_request(int channel, const char *name)
{
	struct dma_chan_slot *s = &slots[channel];
	unsigned long flags;
	int ret;

	if (!name)
		return -EINVAL;
	local_irq_save(flags);
	if (s->name) {
		local_irq_restore(flags);
		return -EBUSY;
	}
	ret = request_irq(32 + channel, dma_irq, 0, "DMA", NULL);
	if (ret)
		return ret; /* expect: pair-unbalanced */
	s->name = name;
	local_irq_restore(flags);
	return 0;
}

int stat_bump(int *percpu_base, int limit)
{
	int cpu = get_cpu();

	if (percpu_base[cpu] >= limit)
		return -ENOSPC; /* expect: pair-unbalanced */
	percpu_base[cpu]++;
	put_cpu();
	return 0;
}
