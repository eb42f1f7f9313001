/* case: a driver's own table filled positionally whose struct has init/exit members, not show/store/ioctl: its functions are not entry points, so an early return raised is ds-unbalanced */
#include <linux/device.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

struct cal_step {
	const char *name;
	int (*init)(struct device *dev);
	void (*exit)(struct device *dev);
};

static int cal_load_init(struct device *dev)
{
	u8 data[12];
	struct file *fp;
	mm_segment_t old_fs;
	loff_t pos = 0;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	fp = filp_open("/efs/calibration_data", O_RDONLY, 0);
	if (IS_ERR(fp)) {
		set_fs(old_fs);
		return PTR_ERR(fp);
	}
	if (vfs_read(fp, (char __user *)data, sizeof(data), &pos) != sizeof(data))
		return -EIO; /* expect: ds-unbalanced */
	filp_close(fp, current->files);
	set_fs(old_fs);
	return 0;
}

static void cal_load_exit(struct device *dev)
{
}

static struct cal_step cal_steps[] = {
	{ "load", cal_load_init, cal_load_exit },
};

int cal_run(struct device *dev)
{
	return cal_steps[0].init(dev);
}
