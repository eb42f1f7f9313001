/* case: lock-unbalanced must fire: a semaphore given back on success and kept on one error return (esas2r_nvram_read_direct()'s shape): nothing else releases it and no other context is started */
/* args: -Wlock-unbalanced */
#include <linux/semaphore.h>

struct nv {
	struct semaphore nvram_semaphore;
	int busy;
};

int nv_read(struct nv *nv, void *buf);

bool nv_read_direct(struct nv *nv, void *buf)
{
	if (down_interruptible(&nv->nvram_semaphore))
		return false;
	if (nv->busy)
		return false; /* expect: lock-unbalanced */
	if (nv_read(nv, buf)) {
		up(&nv->nvram_semaphore);
		return false;
	}
	up(&nv->nvram_semaphore);
	return true;
}
