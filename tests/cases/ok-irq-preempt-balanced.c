/* case: no pair-unbalanced: interrupts and preemption turned off and on again on every path (local_irq_save/restore, local_irq_disable/enable, local_irq_save closed by local_irq_enable, preempt_disable/preempt_enable_no_resched, get_cpu_ptr/put_cpu_ptr); a helper that returns with interrupts off on every path (its name says so), one that turns preemption back on for its caller, an idle routine that turns interrupts off again after safe_halt(), a local_irq_disable() inside local_irq_save(), and a conditional opener that never closes (the caller's post half does) */
/* args: --rules=../../rules/irq-preempt.rules */
#include <linux/interrupt.h>
#include <linux/preempt.h>

struct pc_stat {
	int n;
};

int hw_poke(int v);

int poke_all(int *v, int n)
{
	unsigned long flags;
	int i, ret = 0;

	local_irq_save(flags);
	for (i = 0; i < n; i++) {
		ret = hw_poke(v[i]);
		if (ret)
			goto out;
	}
out:
	local_irq_restore(flags);
	return ret;
}

int poke_one(int v)
{
	int ret;

	local_irq_disable();
	ret = hw_poke(v);
	if (ret) {
		local_irq_enable();
		return ret;
	}
	hw_poke(0);
	local_irq_enable();
	return 0;
}

void idle_enter(void)
{
	unsigned long flags;

	local_irq_save(flags);
	hw_poke(1);
	local_irq_enable();
}

int stat_add(struct pc_stat __percpu *st, int v)
{
	struct pc_stat *s = get_cpu_ptr(st);

	if (v < 0) {
		put_cpu_ptr(st);
		return -EINVAL;
	}
	s->n += v;
	put_cpu_ptr(st);
	return 0;
}

int poll_once(int v)
{
	preempt_disable();
	if (hw_poke(v)) {
		preempt_enable_no_resched();
		return -EIO;
	}
	preempt_enable();
	return 0;
}

void hw_irq_disable(void)
{
	local_irq_disable();
	hw_poke(2);
}

void stat_end(void)
{
	preempt_enable();
}

/* an idle routine: safe_halt() turns interrupts on, the caller wants them
 * off again (acpi_safe_halt()); it never turns them on itself */
void idle_halt(int resched)
{
	if (!resched) {
		safe_halt();
		local_irq_disable();
	}
}

/* a disable inside a save is already off; the restore ends both */
void sync_wait(void)
{
	unsigned long flags;

	local_irq_save(flags);
	hw_poke(3);
	local_irq_disable();
	local_irq_restore(flags);
}

/* opens on the caller's word and never closes: the caller's post half
 * does (spi_take_timestamp_pre()) */
void stamp_pre(unsigned long *flags, bool irqs_off)
{
	if (irqs_off) {
		local_irq_save(*flags);
		preempt_disable();
	}
	hw_poke(4);
}
