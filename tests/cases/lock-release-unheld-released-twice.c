/* case: lock-release-unheld: a release reached after the function already released the lock it took, anywhere in the function — an error branch that unlocks and lacks its return (toshiba_acpi bt_rfkill_poll(), fixed by 82e7784f57a8), and an unlock repeated in a branch after the first (pre_handler_kretprobe(), fixed by f02b8624fedc) */
#include <linux/mutex.h>
#include <linux/spinlock.h>

struct bt_dev {
	struct mutex mutex;
	int state;
};

struct rprobe {
	spinlock_t lock;
	int nmissed;
	int (*entry_handler)(struct rprobe *rp, void *regs);
};

int hci_read(struct bt_dev *dev, int *val);
void rfkill_set(struct bt_dev *dev, int on);

void bt_poll(struct bt_dev *dev)
{
	int val, res;

	mutex_lock(&dev->mutex);
	res = hci_read(dev, &val);
	if (res) {
		mutex_unlock(&dev->mutex);
	}
	rfkill_set(dev, val);
	mutex_unlock(&dev->mutex); /* expect: lock-release-unheld */
}

int pre_handler(struct rprobe *rp, void *regs)
{
	unsigned long flags;

	spin_lock_irqsave(&rp->lock, flags);
	rp->nmissed++;
	spin_unlock_irqrestore(&rp->lock, flags);
	if (rp->entry_handler && rp->entry_handler(rp, regs)) {
		spin_unlock_irqrestore(&rp->lock, flags); /* expect: lock-release-unheld */
		return 0;
	}
	return 1;
}
