/* case: mutual recursion across two files: this ioctl calls pwr_run_sequence() in the other file, which replays each step through this ioctl under KERNEL_DS and returns raised when a step fails; the ioctl's return is then reachable raised */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

#define PWR_IOC_SET_RAIL	_IOW('p', 1, struct pwr_rail)
#define PWR_IOC_SEQUENCE	_IOW('p', 2, struct pwr_seq_hdr)

struct pwr_rail {
	u32 id;
	u32 uv;
};

struct pwr_seq_hdr;
struct pwr_dev;

int pwr_rail_set(struct pwr_dev *pd, u32 id, u32 uv);
long pwr_run_sequence(struct file *file, void __user *useq);

long pwr_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct pwr_dev *pd = file->private_data;
	struct pwr_rail r;
	long ret;

	switch (cmd) {
	case PWR_IOC_SET_RAIL:
		if (copy_from_user(&r, (void __user *)arg, sizeof(r)))
			return -EFAULT;
		ret = pwr_rail_set(pd, r.id, r.uv);
		break;
	case PWR_IOC_SEQUENCE:
		ret = pwr_run_sequence(file, (void __user *)arg);
		break;
	default:
		ret = -ENOTTY;
	}
	return ret; /* expect: ds-leak */
}

static const struct file_operations pwr_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= pwr_ioctl,
};
