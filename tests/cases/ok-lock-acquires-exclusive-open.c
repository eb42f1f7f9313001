/* case: a legacy exclusive-open driver keeps excl_lock from .open until .release; both handlers carry __acquires/__releases, so returning from .open with the lock held is intended and not reported */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/mutex.h>

struct dsp_dev {
	struct miscdevice misc;
	struct mutex excl_lock;
	int boot_state;
};

static struct dsp_dev dsp;

int dsp_boot(struct dsp_dev *d);
void dsp_halt(struct dsp_dev *d);

static int dsp_open(struct inode *inode, struct file *file)
	__acquires(&dsp.excl_lock)
{
	int ret;

	if (!mutex_trylock(&dsp.excl_lock))
		return -EBUSY;

	ret = dsp_boot(&dsp);
	if (ret) {
		mutex_unlock(&dsp.excl_lock);
		return ret;
	}
	file->private_data = &dsp;
	return 0;
}

static int dsp_release(struct inode *inode, struct file *file)
	__releases(&dsp.excl_lock)
{
	dsp_halt(&dsp);
	mutex_unlock(&dsp.excl_lock);
	return 0;
}

static const struct file_operations dsp_fops = {
	.owner		= THIS_MODULE,
	.open		= dsp_open,
	.release	= dsp_release,
};
