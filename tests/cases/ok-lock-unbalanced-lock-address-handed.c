/* case: lock-unbalanced must not fire: the function takes a mutex and, on one path, stores the lock's own address into a transaction that its completion releases (hp_sdc_mlc_cts() hands mlc->csem to the interrupt that ups it): the lock is handed over, not leaked */
/* args: -Wlock-unbalanced */
#include <linux/mutex.h>

struct xfer {
	struct mutex *release_on_done;
	int len;
};

struct port {
	struct mutex busy;
	struct xfer xfer;
	int polled;
};

void port_enqueue(struct xfer *x);

int port_cts(struct port *p)
{
	if (!mutex_trylock(&p->busy))
		return 1;
	if (p->polled) {
		mutex_unlock(&p->busy);
		return 0;
	}
	p->xfer.release_on_done = &p->busy;
	p->xfer.len = 5;
	port_enqueue(&p->xfer);
	return 1;
}
