/* case: input_dev->open loads the firmware on first open and returns with KERNEL_DS when the read fails; it runs from evdev's open() and returns to user mode (this file: the handlers) */
#include <linux/input.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

int ts_flash(struct input_dev *dev, const u8 *fw, size_t len);

int ts_input_open(struct input_dev *dev)
{
	static u8 fw[4096];
	struct file *fp;
	mm_segment_t old_fs;
	loff_t pos = 0;
	ssize_t n;

	fp = filp_open("/sdcard/ts_fw.bin", O_RDONLY, 0);
	if (IS_ERR(fp))
		return 0;
	old_fs = get_fs();
	set_fs(KERNEL_DS);
	n = vfs_read(fp, (char __user *)fw, sizeof(fw), &pos);
	filp_close(fp, NULL);
	if (n <= 0)
		return n; /* expect: ds-leak */
	set_fs(old_fs);
	return ts_flash(dev, fw, n);
}

void ts_input_close(struct input_dev *dev)
{
}
