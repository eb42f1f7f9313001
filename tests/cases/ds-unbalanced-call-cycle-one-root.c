// SPDX-License-Identifier: GPL-2.0
/*
 * One missing restore (load_calibration_from_file(), open failure) reached,
 * through load_calibration0(), from a function on a call cycle
 * (i2c_write -> recovery_reset -> reset_guitar -> send_cfg -> i2c_write)
 * whose loop calls either the leaking chain or the cycle (Goodix's
 * gt9xx_driver.c gtp_i2c_write / gtp_send_cfg / gtp_recovery_reset /
 * force_reset_guitar and gt9xx_update.c gup_load_calibration_from_file, on
 * Sony's MT6755 tree).  The findings on the cycle name each other as
 * causes; the raise they carry is the helper's set_fs(), so they are
 * folded into its finding: one finding, one fix (restore before the goto).
 * tests/fold.sh counts the findings.
 */
#include <linux/fs.h>
#include <linux/err.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

int i2c_transfer_bytes(u8 *buf, int len);
static int i2c_write(u8 *buf, int len);

u8 *load_calibration_from_file(const char *path)
{
	struct file *f;
	mm_segment_t old_fs;
	u8 *buffer = NULL;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	f = filp_open(path, O_RDONLY, 0);
	if (IS_ERR(f))
		goto exit;		/* the one bug: skips set_fs(old_fs) */
	buffer = kmalloc(64, GFP_KERNEL);
	if (buffer)
		f->f_op->read(f, buffer, 64, &f->f_pos);
	filp_close(f, NULL);
	set_fs(old_fs);
exit:
	return buffer; /* expect: ds-unbalanced */
}

static int send_cfg(void)
{
	u8 cfg[4] = { 0x80, 0x47, 0, 0 };

	return i2c_write(cfg, 4);
}

extern int chip_type;

static int load_calibration0(const char *path)
{
	u8 *section = load_calibration_from_file(path);

	if (section == NULL)
		return 0;
	kfree(section);
	return 1;
}

static void reset_guitar(void)
{
	int i, ret;

	for (i = 0; i < 5; i++) {
		if (chip_type == 9) {
			ret = load_calibration0("/data/cal.bin");
			if (ret == 0)
				continue;
		} else {
			ret = send_cfg();
			if (ret < 0)
				continue;
		}
		break;
	}
} /* expect: ds-unbalanced */

static void recovery_reset(void)
{
	reset_guitar();
}

static int i2c_write(u8 *buf, int len)
{
	int ret = i2c_transfer_bytes(buf, len);

	if (!ret)
		return 1;
	recovery_reset();
	return ret; /* expect: ds-unbalanced */
}

static ssize_t refresh_store(struct device *dev, struct device_attribute *attr,
			     const char *buf, size_t count)
{
	u8 cmd[3] = { 0x80, 0x46, 1 };

	if (i2c_write(cmd, 3) < 0)
		return -EIO; /* expect: ds-leak */
	return count; /* expect: ds-leak */
}

static ssize_t cal_store(struct device *dev, struct device_attribute *attr,
			 const char *buf, size_t count)
{
	u8 *cal = load_calibration_from_file(buf);

	kfree(cal);
	return count; /* expect: ds-leak */
}

static DEVICE_ATTR(refresh, 0220, NULL, refresh_store);
static DEVICE_ATTR(cal, 0220, NULL, cal_store);
