/* case: semaphores held past a return on purpose: an exclusive ->open that
 * downs the device's semaphore, releases it on its error path and leaves
 * it down for ->release to up(); and an ioctl that downs a semaphore used
 * as a completion, which the interrupt handler ups.  Another function of
 * the file releases each, so the exits that keep them down are no leak */
#include <linux/fs.h>
#include <linux/interrupt.h>
#include <linux/semaphore.h>

struct sdev {
	struct semaphore open_sem;
	struct semaphore done;
	int ready;
	int result;
};

int sdev_power_up(struct sdev *d);
int sdev_start(struct sdev *d);

static int sdev_open(struct inode *inode, struct file *file)
{
	struct sdev *d = file->private_data;

	if (down_interruptible(&d->open_sem))
		return -512;
	if (!d->ready) {
		up(&d->open_sem);
		return -19;
	}
	return sdev_power_up(d);
}

static int sdev_release(struct inode *inode, struct file *file)
{
	struct sdev *d = file->private_data;

	up(&d->open_sem);
	return 0;
}

static long sdev_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct sdev *d = file->private_data;
	int ret;

	ret = sdev_start(d);
	if (ret < 0)
		return ret;
	if (down_interruptible(&d->done))
		return -512;
	if (d->result < 0) {
		up(&d->done);
		return d->result;
	}
	return 0;
}

static irqreturn_t sdev_irq(int irq, void *data)
{
	struct sdev *d = data;

	d->result = 0;
	up(&d->done);
	return IRQ_HANDLED;
}

static const struct file_operations sdev_fops = {
	.open = sdev_open,
	.release = sdev_release,
	.unlocked_ioctl = sdev_ioctl,
};
