/* case: lock-unbalanced must not fire: helpers annotated __acquires() and __cond_acquires() return locked on purpose, on some paths only (no caller in view) */
/* args: -Wlock-unbalanced */
#include <linux/spinlock.h>
#include <linux/mutex.h>

struct gpio_bank {
	spinlock_t lock;
	struct mutex cfg_lock;
	bool dead;
};

int gpio_bank_lock_alive(struct gpio_bank *b)
	__acquires(&b->lock)
{
	spin_lock(&b->lock);
	if (b->dead) {
		spin_unlock(&b->lock);
		return -ENODEV;
	}
	return b->dead ? 1 : 2;
}

bool gpio_bank_cfg_try(struct gpio_bank *b) __cond_acquires(&b->cfg_lock)
{
	mutex_lock(&b->cfg_lock);
	if (b->dead) {
		mutex_unlock(&b->cfg_lock);
		return b->dead;
	}
	return b->dead;
}
