/* case: no lock-held-return, no lock-unbalanced: semaphores handed from one function to another on purpose: down() in open() and up() in release() (one opener at a time), a scan request that keeps the semaphore for the work item that ends the scan and gives it back only on its error paths (the result tells), a void submit whose completion gives it back, and a trylock whose result the caller reads */
/* args: -Wlock-unbalanced */
#include <linux/fs.h>
#include <linux/semaphore.h>
#include <linux/workqueue.h>

struct scan_dev {
	struct semaphore open_sem;
	struct semaphore scan_sem;
	struct semaphore io_sem;
	struct work_struct scan_work;
	void *req;
};

static int sd_open(struct inode *inode, struct file *file)
{
	struct scan_dev *sd = file->private_data;

	if (down_trylock(&sd->open_sem))
		return -EBUSY;
	return 0;
}

static int sd_release(struct inode *inode, struct file *file)
{
	struct scan_dev *sd = file->private_data;

	up(&sd->open_sem);
	return 0;
}

int sd_start_hw(struct scan_dev *sd);

/* will be given back by sd_scan_work() */
static long sd_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct scan_dev *sd = file->private_data;
	int ret;

	down(&sd->scan_sem);
	ret = sd_start_hw(sd);
	if (ret) {
		up(&sd->scan_sem);
		return ret;
	}
	schedule_work(&sd->scan_work);
	return 0;
}

static void sd_scan_work(struct work_struct *work)
{
	struct scan_dev *sd = container_of(work, struct scan_dev, scan_work);

	sd->req = NULL;
	up(&sd->scan_sem);
}

void sd_hw_submit(struct scan_dev *sd);

void sd_submit(struct scan_dev *sd, void *req)
{
	down(&sd->io_sem);
	if (!req) {
		up(&sd->io_sem);
		return;
	}
	sd->req = req;
	sd_hw_submit(sd);	/* sd_io_done() gives it back */
}

void sd_io_done(struct scan_dev *sd)
{
	up(&sd->io_sem);
}

static const struct file_operations sd_fops = {
	.open = sd_open,
	.release = sd_release,
	.unlocked_ioctl = sd_ioctl,
};
