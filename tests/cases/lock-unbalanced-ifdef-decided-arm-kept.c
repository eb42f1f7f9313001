/* args: -Wlock-unbalanced */
/* case: a name decided by an earlier flattened group (an `if` body under
 * `#ifdef N`) keeps the matching arm of later groups: the lock under
 * `#ifdef N` after a label is analysed, and its missing release on the
 * error path is found; a two-armed group after a label keeps the arm the
 * name gives */
#include <linux/mutex.h>
#include <linux/errno.h>

struct port { struct mutex lock; int busy; int irq; };

int port_hw_ready(struct port *p);
void port_kick(struct port *p);
void port_poll(struct port *p);

void port_irq(struct port *p, int status)
{
	if (status)
#ifdef CONFIG_PORT_IRQ
		port_kick(p);
#else
		port_poll(p);
#endif
}

int port_start(struct port *p)
{
	int ret = 0;

	if (!p)
		goto out;
retry:
#ifdef CONFIG_PORT_IRQ
	mutex_lock(&p->lock);
#endif
	if (!port_hw_ready(p))
		return -EBUSY; /* expect: lock-unbalanced */
	p->busy++;
	if (p->busy > 3)
		goto retry_unlock;
	mutex_unlock(&p->lock);
	return 0;
retry_unlock:
#ifdef CONFIG_PORT_IRQ
	mutex_unlock(&p->lock);
#else
	p->busy--;
#endif
	goto retry;
out:
	return ret;
}
