/* case: a helper raises twice without ever saving, lowering with USER_DS after each; each raise is reported */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

struct vib_cal {
	struct file *fp;
	u32 f0;
	u32 q;
};

static int vib_cal_exchange(struct vib_cal *vc)
{
	loff_t pos = 0;
	ssize_t n;

	set_fs(KERNEL_DS); /* expect: ds-no-save */
	n = vfs_read(vc->fp, (char __user *)&vc->f0, sizeof(vc->f0), &pos);
	set_fs(USER_DS);
	if (n != sizeof(vc->f0))
		return -EIO;

	vc->q = vc->f0 / 100;

	set_fs(KERNEL_DS); /* expect: ds-no-save */
	n = vfs_write(vc->fp, (const char __user *)&vc->q, sizeof(vc->q), &pos);
	set_fs(USER_DS);

	return n == sizeof(vc->q) ? 0 : -EIO;
}
