/* case: pr_err runs in the branch where user_write_access_begin failed (no window), and pr_debug/printk run after user_write_access_end in the normal and the fault paths; nothing is called inside the window */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/printk.h>
#include <linux/uaccess.h>

#define TEMP_IOC_READ_ALL	_IOR('T', 2, struct temp_report)
#define TEMP_NR_ZONES		8

struct temp_report {
	__s32 millicelsius[TEMP_NR_ZONES];
	__u32 valid_mask;
};

struct temp_dev {
	s32 zone_mc[TEMP_NR_ZONES];
	u32 valid;
};

static long temp_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct temp_dev *td = file->private_data;
	struct temp_report __user *ur = (void __user *)arg;
	int i;

	if (cmd != TEMP_IOC_READ_ALL)
		return -ENOTTY;

	if (!user_write_access_begin(ur, sizeof(*ur))) {
		pr_err("temp: bad report buffer %px\n", ur);
		return -EFAULT;
	}
	for (i = 0; i < TEMP_NR_ZONES; i++)
		unsafe_put_user(td->zone_mc[i], &ur->millicelsius[i], efault);
	unsafe_put_user(td->valid, &ur->valid_mask, efault);
	user_write_access_end();

	pr_debug("temp: reported %d zones, mask %#x\n", TEMP_NR_ZONES, td->valid);
	return 0;

efault:
	user_write_access_end();
	printk(KERN_DEBUG "temp: fault writing report at %px\n", ur);
	return -EFAULT;
}

static const struct file_operations temp_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= temp_ioctl,
};
