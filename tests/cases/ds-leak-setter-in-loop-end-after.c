/* case: a begin helper that saves into io->old_fs and raises is called once per loop iteration but the end helper only once after the loop: from the second pass the saved value is KERNEL_DS, so the store returns raised */
#include <linux/module.h>
#include <linux/device.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

#define SPK_NUM_CAL	4

struct spk_kio {
	mm_segment_t old_fs;
};

struct spk_amp {
	struct device *dev;
	u32 cal[SPK_NUM_CAL];
};

static const char *const spk_cal_files[SPK_NUM_CAL] = {
	"/persist/audio/spk0_rdc.bin", "/persist/audio/spk1_rdc.bin",
	"/persist/audio/spk0_temp.bin", "/persist/audio/spk1_temp.bin",
};

static void spk_kio_begin(struct spk_kio *io)
{
	io->old_fs = get_fs();
	set_fs(KERNEL_DS);
}

static void spk_kio_end(struct spk_kio *io)
{
	set_fs(io->old_fs);
}

static ssize_t cal_reload_store(struct device *dev, struct device_attribute *attr,
				const char *buf, size_t count)
{
	struct spk_amp *amp = dev_get_drvdata(dev);
	struct spk_kio io;
	struct file *fp;
	loff_t pos;
	int i;

	for (i = 0; i < SPK_NUM_CAL; i++) {
		fp = filp_open(spk_cal_files[i], O_RDONLY, 0);
		if (IS_ERR(fp))
			continue;
		pos = 0;
		spk_kio_begin(&io);
		if (vfs_read(fp, (char __user *)&amp->cal[i], sizeof(u32), &pos) != sizeof(u32))
			dev_warn(dev, "short calibration file %s\n", spk_cal_files[i]);
		filp_close(fp, NULL);
	}
	spk_kio_end(&io);
	return count; /* expect: ds-leak */
}
static DEVICE_ATTR_WO(cal_reload);
