/* case: lock-release-unheld: a call out of view whose name says it releases, given another field of the object the lock hangs off (usb_autopm_put_interface(acm->control) with acm->mutex held), releases what that field is about, not the lock; the unlock label reached from before the lock is still judged (cdc-acm acm_tty_open() as it was before 74573ee7096a) */
#include <linux/mutex.h>
#include <linux/tty.h>

struct usb_interface;

struct acm {
	struct mutex mutex;
	struct usb_interface *control;
	int dev;
	int used;
};

static DEFINE_MUTEX(open_mutex);
struct acm *acm_table[32];

int usb_autopm_get_interface(struct usb_interface *intf);
void usb_autopm_put_interface(struct usb_interface *intf);

static int acm_tty_open(struct tty_struct *tty, struct file *filp)
{
	struct acm *acm;
	int rv = -ENODEV;

	mutex_lock(&open_mutex);
	acm = acm_table[tty->index];
	if (!acm || !acm->dev)
		goto err_out;
	rv = 0;
	if (usb_autopm_get_interface(acm->control) < 0)
		goto early_bail;
	mutex_lock(&acm->mutex);
	if (acm->used++) {
		usb_autopm_put_interface(acm->control);
		goto done;
	}
	usb_autopm_put_interface(acm->control);
done:
err_out:
	mutex_unlock(&acm->mutex); /* expect: lock-release-unheld */
	mutex_unlock(&open_mutex);
	return rv;

early_bail:
	mutex_unlock(&open_mutex);
	return -EIO;
}

static const struct tty_operations acm_ops = {
	.open = acm_tty_open,
};
