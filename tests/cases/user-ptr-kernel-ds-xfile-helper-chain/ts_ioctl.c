/* case: three files: this ioctl raises and passes arg (as unsigned long) to ts_update_config() in the second file, which hands it to ts_copy_chunk() in the third, which calls __copy_from_user on it; reported at the call here. The same helper called outside the window is not reported */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

#define TS_IOC_UPDATE_CFG	_IOW('T', 0x21, struct ts_cfg_blob)
#define TS_IOC_UPDATE_CFG_LOG	_IOW('T', 0x22, struct ts_cfg_blob)

struct ts_cfg_blob {
	u32 len;
	u8 data[];
};

struct ts_dev {
	struct file *audit;
	loff_t audit_pos;
	char audit_line[64];
	int audit_len;
};

int ts_update_config(struct ts_dev *ts, unsigned long ublob);

static long ts_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct ts_dev *ts = file->private_data;
	mm_segment_t old_fs;
	long ret;

	switch (cmd) {
	case TS_IOC_UPDATE_CFG:
		return ts_update_config(ts, arg);
	case TS_IOC_UPDATE_CFG_LOG:
		old_fs = get_fs();
		set_fs(KERNEL_DS);
		ret = ts_update_config(ts, arg); /* expect: user-ptr-kernel-ds */
		ts->audit_len = scnprintf(ts->audit_line, sizeof(ts->audit_line),
					  "cfg update: %ld\n", ret);
		vfs_write(ts->audit, (const char __user *)ts->audit_line, ts->audit_len,
			  &ts->audit_pos);
		set_fs(old_fs);
		return ret;
	}
	return -ENOTTY;
}

static const struct file_operations ts_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= ts_ioctl,
};
