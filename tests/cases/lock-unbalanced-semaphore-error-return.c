/* case: lock-unbalanced: a semaphore used as a lock (down_interruptible() ... up() in the same function) is kept on the path where the flash read fails; the same false is returned when down_interruptible() fails, so the caller cannot tell (esas2r 8852b2b48bdf) */
/* args: -Wlock-unbalanced */
#include <linux/semaphore.h>

struct nvr_adapter {
	struct semaphore nvram_sem;
	void *nvram;
};

bool nvr_read_flash(struct nvr_adapter *a, void *buf);
bool nvr_validate(struct nvr_adapter *a);

bool nvr_read_direct(struct nvr_adapter *a)
{
	bool result;

	if (down_interruptible(&a->nvram_sem))
		return false;
	if (!nvr_read_flash(a, a->nvram))
		return false; /* expect: lock-unbalanced */
	result = nvr_validate(a);
	up(&a->nvram_sem);
	return result;
}

/* the completion of the asynchronous write gives the semaphore back: the
 * synchronous read above still owns the one it takes */
void nvr_write_done(struct nvr_adapter *a)
{
	up(&a->nvram_sem);
}

int nvr_submit_sync(struct nvr_adapter *a, unsigned long ms)
{
	int rc = 0;

	if (down_timeout(&a->nvram_sem, msecs_to_jiffies(ms)))
		return -ETIMEDOUT;
	if (!a->nvram)
		return -ENXIO; /* expect: lock-unbalanced */
	if (!nvr_read_flash(a, a->nvram))
		rc = -EIO;
	up(&a->nvram_sem);
	return rc;
}
