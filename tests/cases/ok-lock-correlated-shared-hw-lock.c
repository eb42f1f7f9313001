/* case: the hardware lock is taken only when the port shares its FIFO (if (port->shared) spin_lock) and released under the same test later; the mutex is taken by trylock under O_NONBLOCK or by mutex_lock_interruptible otherwise, both failures returning with nothing held */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/io.h>
#include <linux/mutex.h>
#include <linux/spinlock.h>
#include <linux/uaccess.h>

#define SPORT_FIFO	0x10

struct sport {
	struct mutex io_mutex;
	spinlock_t *hw_lock;
	bool shared;
	void __iomem *base;
};

static ssize_t sport_write(struct file *file, const char __user *buf,
			   size_t count, loff_t *ppos)
{
	struct sport *port = file->private_data;
	ssize_t done = 0;
	u32 word;
	int ret;

	if (count % 4)
		return -EINVAL;

	if (file->f_flags & O_NONBLOCK) {
		if (!mutex_trylock(&port->io_mutex))
			return -EAGAIN;
	} else {
		ret = mutex_lock_interruptible(&port->io_mutex);
		if (ret)
			return ret;
	}

	while (done < count) {
		if (get_user(word, (const u32 __user *)(buf + done))) {
			if (!done)
				done = -EFAULT;
			break;
		}
		if (port->shared)
			spin_lock(port->hw_lock);
		writel(word, port->base + SPORT_FIFO);
		if (port->shared)
			spin_unlock(port->hw_lock);
		done += 4;
	}

	mutex_unlock(&port->io_mutex);
	return done;
}

static const struct file_operations sport_fops = {
	.owner	= THIS_MODULE,
	.write	= sport_write,
};
