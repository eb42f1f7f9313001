/* case: an .open uses mutex_trylock and returns -EBUSY when it fails (nothing held there), but the later too-many-users check returns -EMFILE with the mutex taken by the successful trylock */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/mutex.h>

#define VCAM_MAX_USERS	4

struct vcam_dev {
	struct miscdevice misc;
	struct mutex open_lock;
	int users;
	bool streaming;
};

int vcam_power_up(struct vcam_dev *vc);
void vcam_power_down(struct vcam_dev *vc);

static int vcam_open(struct inode *inode, struct file *file)
{
	struct vcam_dev *vc = container_of(file->private_data, struct vcam_dev, misc);
	int ret = 0;

	if (!mutex_trylock(&vc->open_lock))
		return -EBUSY;

	if (vc->users >= VCAM_MAX_USERS)
		return -EMFILE; /* expect: lock-held-return */

	if (!vc->users) {
		ret = vcam_power_up(vc);
		if (ret)
			goto out;
	}
	vc->users++;
	file->private_data = vc;
out:
	mutex_unlock(&vc->open_lock);
	return ret;
}

static int vcam_release(struct inode *inode, struct file *file)
{
	struct vcam_dev *vc = file->private_data;

	mutex_lock(&vc->open_lock);
	if (!--vc->users)
		vcam_power_down(vc);
	mutex_unlock(&vc->open_lock);
	return 0;
}

static const struct file_operations vcam_fops = {
	.owner		= THIS_MODULE,
	.open		= vcam_open,
	.release	= vcam_release,
};
