/* case: a lock taken inside an `if` and released under the same test, or
 * taken in both arms of an `if`/`else` and released after it: every path
 * that releases it holds it, so no lock-release-unheld (the `if` join that
 * counts as a label needs a path around the acquire); nor when the test
 * reads the lock's own object (ia64's die(): `if (die.lock_owner != cpu)`
 * takes die.lock unless this CPU holds it already, a nested die()) */
#include <linux/mutex.h>
#include <linux/spinlock.h>

struct codec {
	struct mutex spdif_mutex;
	spinlock_t lock;
	unsigned int spdif_rates;
};

int analog_open(struct codec *codec, int dig, unsigned int *rates)
{
	if (dig) {
		mutex_lock(&codec->spdif_mutex);
		*rates &= codec->spdif_rates;
	}
	*rates |= 1;
	if (dig)
		mutex_unlock(&codec->spdif_mutex);
	return 0;
}

int analog_close(struct codec *codec, int irq, unsigned long flags)
{
	if (irq) {
		spin_lock_irqsave(&codec->lock, flags);
		codec->spdif_rates = 0;
	} else {
		spin_lock(&codec->lock);
	}
	codec->spdif_rates |= 2;
	spin_unlock(&codec->lock);
	return 0;
}

static struct {
	spinlock_t lock;
	int lock_owner;
	int depth;
} die = { .lock_owner = -1 };

int die_report(int cpu, const char *str)
{
	if (die.lock_owner != cpu) {
		spin_lock_irq(&die.lock);
		die.lock_owner = cpu;
		die.depth = 0;
	}
	die.depth++;
	die.lock_owner = -1;
	spin_unlock_irq(&die.lock);
	return 0;
}
