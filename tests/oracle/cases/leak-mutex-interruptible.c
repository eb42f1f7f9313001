/* case: an ioctl raises, then takes its mutex interruptibly and returns -ERESTARTSYS still raised */
/* oracle: entry gnss_ioctl */
/* oracle: values GNSS_IOC_SYNC_ALMANAC */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/mutex.h>
#include <linux/uaccess.h>

#define GNSS_ALMANAC_PATH	"/data/gnss/almanac.bin"
#define GNSS_IOC_SYNC_ALMANAC	_IO('G', 0x21)

static DEFINE_MUTEX(gnss_lock);
static u8 gnss_almanac[96];

static long gnss_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct file *fp;
	mm_segment_t old_fs;
	loff_t pos = 0;
	long ret;

	if (cmd != GNSS_IOC_SYNC_ALMANAC)
		return -ENOTTY;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	if (mutex_lock_interruptible(&gnss_lock))
		return -ERESTARTSYS; /* expect: ds-leak */
	fp = filp_open(GNSS_ALMANAC_PATH, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (IS_ERR(fp)) {
		ret = PTR_ERR(fp);
	} else {
		ret = vfs_write(fp, (const char __user *)gnss_almanac, sizeof(gnss_almanac), &pos);
		filp_close(fp, NULL);
	}
	mutex_unlock(&gnss_lock);
	set_fs(old_fs);
	return ret < 0 ? ret : 0;
}

static const struct file_operations gnss_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= gnss_ioctl,
};
