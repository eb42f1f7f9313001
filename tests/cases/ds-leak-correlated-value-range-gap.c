/* case: raised when the command is 3, restored only when it is 1 or 2: the ranges leave a gap,
 * so command 3 returns to user mode with KERNEL_DS; and raised for mode 2 of a switch but
 * restored only above 2; two ioctl commands that no switch names together may be one value,
 * so a user pointer for one may meet the raise for the other */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/device.h>
#include <linux/uaccess.h>

static unsigned char diag_command;

static ssize_t raw_data_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	struct file *filp;
	mm_segment_t oldfs;
	size_t count = 0;

	if (diag_command == 3) {
		filp = filp_open("/data/log/ds.txt", O_CREAT | O_WRONLY, 0644);
		if (IS_ERR(filp))
			return 0;
		oldfs = get_fs();
		set_fs(get_ds());
	}
	count += sprintf(buf + count, "raw\n");
	if (diag_command >= 1 && diag_command < 3) {
		set_fs(oldfs);
	}
	return count; /* expect: ds-leak */
}
static DEVICE_ATTR(raw_data, 0444, raw_data_show, NULL);

static long cal_ioctl(struct file *f, unsigned int cmd, unsigned long arg)
{
	int mode = arg & 7;
	mm_segment_t old_fs;
	loff_t pos = 0;
	char tmp[16];

	switch (mode) {
	case 2:
		old_fs = get_fs();
		set_fs(KERNEL_DS);
		break;
	case 0:
		return -EINVAL;
	default:
		break;
	}
	vfs_read(f, (char __user *)tmp, sizeof(tmp), &pos);
	if (mode > 2)
		set_fs(old_fs);
	return 0; /* expect: ds-leak */
}

static const struct file_operations cal_fops = {
	.unlocked_ioctl = cal_ioctl,
};

#define STK_SET_ENABLE	_IOW(0xA1, 0x03, char)
#define STK_GET_ACCEL	_IOR(0xA1, 0x09, int[3])

static long stk_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	void __user *argp = (void __user *)arg;
	mm_segment_t old_fs;
	int val = 0;

	switch (cmd) {
	case STK_SET_ENABLE:
		old_fs = get_fs();
		set_fs(KERNEL_DS);
		break;
	}
	switch (cmd) {
	case STK_GET_ACCEL:
		if (copy_to_user(argp, &val, sizeof(val))) /* expect: user-ptr-kernel-ds */
			return -EFAULT; /* expect: ds-leak */
		break;
	}
	if (cmd == STK_SET_ENABLE)
		set_fs(old_fs);
	return 0;
}

static const struct file_operations stk_fops = {
	.unlocked_ioctl = stk_ioctl,
};
