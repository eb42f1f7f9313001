/* case: lock-release-unheld: a goto from before the inner mutex_lock() reaches the unlock label while an outer lock of the same kind (a global, or another field) is still held; the outer lock is no alias of the inner one (cdc-acm acm_tty_open(), fixed by 74573ee7096a) */
#include <linux/mutex.h>
#include <linux/tty.h>

struct acm {
	struct mutex mutex;
	int dev;
	int used;
};

static DEFINE_MUTEX(open_mutex);
struct acm *acm_table[32];

static int acm_tty_open(struct tty_struct *tty, struct file *filp)
{
	struct acm *acm;
	int rv = -ENODEV;

	mutex_lock(&open_mutex);
	acm = acm_table[tty->index];
	if (!acm || !acm->dev)
		goto err_out;
	mutex_lock(&acm->mutex);
	acm->used++;
	rv = 0;
err_out:
	mutex_unlock(&acm->mutex); /* expect: lock-release-unheld */
	mutex_unlock(&open_mutex);
	return rv;
}

static const struct tty_operations acm_ops = {
	.open = acm_tty_open,
};
