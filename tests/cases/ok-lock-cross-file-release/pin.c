/* the helper: called with the RCU read lock held, it drops it on every path */
#include <linux/rcupdate.h>

void pin_kill(struct fs_pin *p)
{
	if (!p) {
		rcu_read_unlock();
		return;
	}
	spin_lock_irq(&p->wait.lock);
	if (likely(!p->done)) {
		p->done = -1;
		spin_unlock_irq(&p->wait.lock);
		rcu_read_unlock();
		p->kill(p);
		return;
	}
	spin_unlock_irq(&p->wait.lock);
	rcu_read_unlock();
}
