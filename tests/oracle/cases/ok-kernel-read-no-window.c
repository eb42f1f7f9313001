/* case: the migrated form: kernel_read() on a kernel buffer, no set_fs() in the driver at all */
/* oracle: entry pmic_cfg_ioctl */
/* oracle: values PMIC_IOC_RELOAD */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#define PMIC_CFG_PATH	"/vendor/firmware/pmic.cfg"
#define PMIC_IOC_RELOAD	_IO('P', 9)

static u8 pmic_cfg[32];

static long pmic_cfg_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct file *fp;
	loff_t pos = 0;
	ssize_t n;
	u8 *buf;

	if (cmd != PMIC_IOC_RELOAD)
		return -ENOTTY;
	buf = kmalloc(sizeof(pmic_cfg), GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	fp = filp_open(PMIC_CFG_PATH, O_RDONLY, 0);
	if (IS_ERR(fp)) {
		kfree(buf);
		return PTR_ERR(fp);
	}
	n = kernel_read(fp, buf, sizeof(pmic_cfg), &pos);
	filp_close(fp, NULL);
	if (n == sizeof(pmic_cfg))
		memcpy(pmic_cfg, buf, sizeof(pmic_cfg));
	kfree(buf);
	return n < 0 ? n : 0;
}

static const struct file_operations pmic_cfg_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= pmic_cfg_ioctl,
};
