/* case: a raise without a save inside a loop is reported once, at its single set_fs line */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

#define NV_BANKS	4

struct nv_bank {
	struct file *fp;
	u8 data[256];
	loff_t pos;
};

static int nv_flush_banks(struct nv_bank *banks)
{
	ssize_t n;
	int i, ret = 0;

	for (i = 0; i < NV_BANKS; i++) {
		set_fs(KERNEL_DS); /* expect: ds-no-save */
		n = vfs_write(banks[i].fp, (const char __user *)banks[i].data,
			      sizeof(banks[i].data), &banks[i].pos);
		set_fs(USER_DS);
		if (n != sizeof(banks[i].data)) {
			pr_err("nv: bank %d flush failed\n", i);
			ret = -EIO;
			break;
		}
	}
	return ret;
}
