/* case: the file_operations initializer in this file names haptic_ioctl() from another file, which makes it an entry point there */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>

long haptic_ioctl(struct file *file, unsigned int cmd, unsigned long arg);
int haptic_open(struct inode *inode, struct file *file);

static const struct file_operations haptic_fops = {
	.owner		= THIS_MODULE,
	.open		= haptic_open,
	.unlocked_ioctl	= haptic_ioctl,
	.compat_ioctl	= haptic_ioctl,
};

static struct miscdevice haptic_misc = {
	.minor	= MISC_DYNAMIC_MINOR,
	.name	= "haptic",
	.fops	= &haptic_fops,
};

static int __init haptic_init(void)
{
	return misc_register(&haptic_misc);
}
module_init(haptic_init);
MODULE_LICENSE("GPL");
