/* case: raise and restore test the same device flag, but the loader called in between clears it when it falls back */
/* oracle: entry sys_dsp_reload */
#include <linux/syscalls.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

#define DSP_FW_FILE	"/vendor/firmware/dsp_ext.bin"

struct dsp_chip {
	bool fw_from_file;
	u8 fw[64];
	size_t fw_len;
};

static struct dsp_chip dsp_chip = { .fw_from_file = true };

static const u8 dsp_builtin_fw[16] = { 0xde, 0xad, 0xbe, 0xef };

static int dsp_load_fw(struct dsp_chip *chip)
{
	struct file *fp;
	loff_t pos = 0;
	ssize_t n;

	if (chip->fw_from_file) {
		fp = filp_open(DSP_FW_FILE, O_RDONLY, 0);
		if (!IS_ERR(fp)) {
			n = vfs_read(fp, (char __user *)chip->fw, sizeof(chip->fw), &pos);
			filp_close(fp, NULL);
			if (n > 0) {
				chip->fw_len = n;
				return 0;
			}
		}
		/* no usable file: fall back to the built-in image from now on */
		chip->fw_from_file = false;
	}
	memcpy(chip->fw, dsp_builtin_fw, sizeof(dsp_builtin_fw));
	chip->fw_len = sizeof(dsp_builtin_fw);
	return 0;
}

SYSCALL_DEFINE0(dsp_reload)
{
	struct dsp_chip *chip = &dsp_chip;
	mm_segment_t old_fs;
	int ret;

	if (chip->fw_from_file) {
		old_fs = get_fs();
		set_fs(KERNEL_DS);
	}
	ret = dsp_load_fw(chip);
	if (chip->fw_from_file)
		set_fs(old_fs);
	return ret; /* expect: ds-leak */
}
