/* case: a driver's ioctl calls set_mode() and shim_begin_read(), defined nowhere in the kernel
 * it is linked with: the tree's only definitions are the boot code's and a test harness's,
 * so no ds-leak for them; pad_begin_cfg() of the driver's other file is linked (this file:
 * the driver) */
#include <linux/fs.h>
#include <linux/module.h>

int set_mode(u16 mode);
int shim_begin_read(void);
int pad_begin_cfg(void);

static long pad_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	if (cmd == 1)
		return set_mode((u16)arg);
	if (cmd == 2)
		return shim_begin_read();
	if (cmd == 3)
		return pad_begin_cfg(); /* expect: ds-leak */
	return -ENOTTY;
}

static const struct file_operations pad_fops = {
	.owner = THIS_MODULE,
	.unlocked_ioctl = pad_ioctl,
};
