/* case: the raise and the restore test the same value with different comparisons: raised when
 * the command is 1 or 3, restored when it is between 1 and 3 (himax's raw-data sysfs read); raised in one case of a
 * switch, restored for the modes above 1 and below 3; raised for the command character 't',
 * restored for any letter but 'x'; raised for one ioctl command of a switch, a user pointer used
 * for another command in a second switch on the same value (stk831x: labels of one switch
 * are different values) */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/device.h>
#include <linux/uaccess.h>

static unsigned char diag_command;

static ssize_t raw_data_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	struct file *filp = NULL;
	mm_segment_t oldfs;
	size_t count = 0;

	if (diag_command == 1) {
		filp = filp_open("/data/log/dc.txt", O_CREAT | O_WRONLY, 0644);
		if (IS_ERR(filp))
			return 0;
		oldfs = get_fs();
		set_fs(get_ds());
	} else if (diag_command == 3) {
		filp = filp_open("/data/log/ds.txt", O_CREAT | O_WRONLY, 0644);
		if (IS_ERR(filp))
			return 0;
		oldfs = get_fs();
		set_fs(get_ds());
	}
	count += sprintf(buf + count, "raw\n");
	if (diag_command >= 1 && diag_command <= 3) {
		filp->f_op->write(filp, buf, count, &filp->f_pos);
		set_fs(oldfs);
		filp_close(filp, NULL);
	}
	return count;
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
	if (mode > 1 && mode < 3)
		set_fs(old_fs);
	return 0;
}

static const struct file_operations cal_fops = {
	.unlocked_ioctl = cal_ioctl,
};

static ssize_t dbg_write(struct file *f, const char __user *ubuf, size_t len, loff_t *ppos)
{
	char cmd[8];
	mm_segment_t old_fs;

	if (copy_from_user(cmd, ubuf, 1))
		return -EFAULT;
	if (cmd[0] == 't') {
		old_fs = get_fs();
		set_fs(KERNEL_DS);
	}
	pr_info("dbg: %c\n", cmd[0]);
	if (cmd[0] != 'x' && cmd[0] >= 'a')
		set_fs(old_fs);
	return len;
}

static const struct file_operations dbg_fops = {
	.write = dbg_write,
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
	case STK_GET_ACCEL:
		val = 1;
		break;
	}
	switch (cmd) {
	case STK_GET_ACCEL:
		if (copy_to_user(argp, &val, sizeof(val)))
			return -EFAULT;
		break;
	case STK_SET_ENABLE:
		set_fs(old_fs);
		break;
	}
	return 0;
}

static const struct file_operations stk_fops = {
	.unlocked_ioctl = stk_ioctl,
};
