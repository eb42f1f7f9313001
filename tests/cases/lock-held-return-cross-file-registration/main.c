#include <linux/fs.h>
#include <linux/module.h>

long cal_ioctl(struct file *file, unsigned int cmd, unsigned long arg);

static const struct file_operations cal_fops = {
	.owner = THIS_MODULE,
	.unlocked_ioctl = cal_ioctl,
};
