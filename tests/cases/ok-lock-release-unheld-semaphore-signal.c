/* case: lock-release-unheld must not fire: a semaphore used as a signal is posted with up() on a path where down_trylock() failed (hp_sdc_mlc_in(), 6.1): semaphores count, they are not owned */
#include <linux/semaphore.h>
#include <linux/jiffies.h>

struct mlc {
	struct semaphore isem;
	unsigned long instart, intimeout;
	int emtest;
};

int mlc_in(struct mlc *mlc)
{
	int rc = 2;

	if (down_trylock(&mlc->isem)) {
		if (mlc->emtest)
			goto wasup;
		if (time_after(jiffies, mlc->instart + mlc->intimeout)) {
			rc = 1;
			up(&mlc->isem);
		}
		goto done;
	}
wasup:
	up(&mlc->isem);
	rc = 0;
done:
	return rc;
}
