/* case: lock-unbalanced must not fire: locks handed between calls on purpose — a clock notifier takes the lock on PRE_RATE_CHANGE and drops it on POST/ABORT; select_chip(0) locks and select_chip(-1) unlocks; a _prepare()/_finish() pair in the same file; a console write that remembers a trylock's result in a flag */
/* args: -Wlock-unbalanced */
#include <linux/mutex.h>
#include <linux/spinlock.h>
#include <linux/clk.h>

struct pmc {
	struct mutex powergates_lock;
	unsigned long rate;
	spinlock_t ebu_lock;
	unsigned long csflags;
	struct mutex cal_lock;
	spinlock_t port_lock;
};

static int pmc_clk_notify_cb(struct pmc *pmc, unsigned long action, unsigned long new_rate)
{
	switch (action) {
	case PRE_RATE_CHANGE:
		mutex_lock(&pmc->powergates_lock);
		break;
	case POST_RATE_CHANGE:
		pmc->rate = new_rate;
		fallthrough;
	case ABORT_RATE_CHANGE:
		mutex_unlock(&pmc->powergates_lock);
		break;
	default:
		return -EINVAL;
	}
	return 0;
}

void pmc_select_chip(struct pmc *pmc, int select)
{
	if (select == 0) {
		spin_lock_irqsave(&pmc->ebu_lock, pmc->csflags);
		pmc->rate |= 1;
	} else {
		pmc->rate &= ~1UL;
		spin_unlock_irqrestore(&pmc->ebu_lock, pmc->csflags);
	}
}

int pmc_start_calibration(struct pmc *pmc)
{
	if (!pmc->rate)
		return 0;
	mutex_lock(&pmc->cal_lock);
	pmc->rate++;
	return 0;
}

int pmc_finish_calibration(struct pmc *pmc)
{
	pmc->rate--;
	mutex_unlock(&pmc->cal_lock);
	return 0;
}

void pmc_console_write(struct pmc *pmc, bool oops)
{
	unsigned long flags;
	int locked = 1;

	if (oops)
		locked = spin_trylock_irqsave(&pmc->port_lock, flags);
	else
		spin_lock_irqsave(&pmc->port_lock, flags);
	pmc->rate = 0;
	if (locked)
		spin_unlock_irqrestore(&pmc->port_lock, flags);
}

int pmc_notify(struct pmc *pmc, unsigned long action)
{
	return pmc_clk_notify_cb(pmc, action, 0);
}
