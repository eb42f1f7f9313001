/* case: a helper raises under one condition and restores under a different one */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

struct audio_cal {
	struct file *src;
	bool from_file;
	bool verbose;
	u8 data[512];
};

int audio_cal_parse(struct audio_cal *cal);

static int audio_cal_refresh(struct audio_cal *cal)
{
	mm_segment_t old_fs;
	loff_t pos = 0;
	int ret;

	if (!cal->src)
		return -ENODEV;
	if (cal->from_file) {
		old_fs = get_fs();
		set_fs(KERNEL_DS);
		ret = vfs_read(cal->src, (char __user *)cal->data, sizeof(cal->data), &pos);
		if (ret < 0)
			pr_err("audio_cal: read failed %d\n", ret);
	}
	ret = audio_cal_parse(cal);
	if (cal->verbose) {
		pr_info("audio_cal: parsed %d entries\n", ret);
		set_fs(old_fs);
	}
	return ret; /* expect: ds-unbalanced */
}
