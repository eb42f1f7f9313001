/* case: raise and restore sit under two different #ifdef symbols in an .open handler */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

struct gpsd_dev {
	int users;
	char cfg[256];
};

int gpsd_load_config(struct gpsd_dev *gd, const char *path);
extern struct gpsd_dev *gpsd_the_dev;

static int gpsd_open(struct inode *inode, struct file *file)
{
	struct gpsd_dev *gd = gpsd_the_dev;
#ifdef CONFIG_GPSD_FILE_CONFIG
	mm_segment_t old_fs;
#endif
	int ret;

	if (gd->users++)
		goto done;

#ifdef CONFIG_GPSD_FILE_CONFIG
	old_fs = get_fs();
	set_fs(KERNEL_DS);
#endif
	ret = gpsd_load_config(gd, "/etc/gpsd/chip.conf");
#ifdef CONFIG_GPSD_FILE_CFG
	set_fs(old_fs);
#endif
	if (ret) {
		gd->users--;
		return ret; /* expect: ds-leak */
	}
done:
	file->private_data = gd;
	return 0; /* expect: ds-leak */
}

static const struct file_operations gpsd_fops = {
	.owner	= THIS_MODULE,
	.open	= gpsd_open,
};
