/* case: a probe-time firmware loader returns from its filp_open error branch with the limit raised */
#include <linux/module.h>
#include <linux/device.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#define CAM_TUNING_FILE	"/vendor/etc/camera/tuning.bin"
#define CAM_TUNING_MAX	(32 * 1024)

struct cam_dev {
	struct device *dev;
	u8 *tuning;
	ssize_t tuning_len;
};

static int cam_load_tuning(struct cam_dev *cam)
{
	struct file *fp;
	mm_segment_t old_fs;
	loff_t pos = 0;

	cam->tuning = kmalloc(CAM_TUNING_MAX, GFP_KERNEL);
	if (!cam->tuning)
		return -ENOMEM;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	fp = filp_open(CAM_TUNING_FILE, O_RDONLY, 0);
	if (IS_ERR(fp)) {
		dev_err(cam->dev, "no tuning file %s\n", CAM_TUNING_FILE);
		kfree(cam->tuning);
		cam->tuning = NULL;
		return PTR_ERR(fp); /* expect: ds-unbalanced */
	}
	cam->tuning_len = vfs_read(fp, (char __user *)cam->tuning, CAM_TUNING_MAX, &pos);
	filp_close(fp, NULL);
	set_fs(old_fs);

	return cam->tuning_len < 0 ? cam->tuning_len : 0;
}
