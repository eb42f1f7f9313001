/* case: an open() that waits for its device in a loop dropping the semaphore and taking it back (dabusb, fixed in 2.6.0-test), registered by the GNU `open: fn` spelling of drivers older than C99 initialisers: the early return after the loop keeps the semaphore; a loop that drops and takes the lock back is a wait, not the unwinding of an array of locks, so the path is reported; the same open that releases before that return is not */
#include <linux/fs.h>
#include <linux/sched.h>

struct dab {
	struct semaphore mutex;
	int opened;
	void *usbdev;
};
static struct dab dabusb[4];
extern int usb_set_interface(void *dev, int ifnum, int alt);

static int dabusb_open(struct inode *inode, struct file *file)
{
	struct dab *s = &dabusb[0];

	down(&s->mutex);
	while (!s->usbdev || s->opened) {
		up(&s->mutex);
		if (file->f_flags & O_NONBLOCK)
			return -EBUSY;
		schedule_timeout(HZ / 2);
		if (signal_pending(current))
			return -EAGAIN;
		down(&s->mutex);
	}
	if (usb_set_interface(s->usbdev, 0, 1) < 0)
		return -EINVAL; /* expect: lock-held-return */
	s->opened = 1;
	up(&s->mutex);
	return 0;
}

static int dabusb_open_fixed(struct inode *inode, struct file *file)
{
	struct dab *s = &dabusb[1];

	down(&s->mutex);
	while (!s->usbdev || s->opened) {
		up(&s->mutex);
		if (file->f_flags & O_NONBLOCK)
			return -EBUSY;
		schedule_timeout(HZ / 2);
		if (signal_pending(current))
			return -EAGAIN;
		down(&s->mutex);
	}
	if (usb_set_interface(s->usbdev, 0, 1) < 0) {
		up(&s->mutex);
		return -EINVAL;
	}
	s->opened = 1;
	up(&s->mutex);
	return 0;
}

static struct file_operations dabusb_fops = {
	owner:	THIS_MODULE,
	open:	dabusb_open,
};

static struct file_operations dabusb_fixed_fops = {
	owner:	THIS_MODULE,
	open:	dabusb_open_fixed,
};
