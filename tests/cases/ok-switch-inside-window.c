/* case: a switch with a default runs entirely inside one window; every case breaks to the single restore */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

enum cam_otp_field { OTP_AWB, OTP_LSC, OTP_AF };

struct cam_otp {
	struct file *fp;
	u8 awb[16];
	u8 lsc[1024];
	u8 af[8];
};

static ssize_t cam_otp_read_field(struct cam_otp *otp, enum cam_otp_field f)
{
	mm_segment_t old_fs;
	loff_t pos;
	ssize_t n;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	switch (f) {
	case OTP_AWB:
		pos = 0x00;
		n = vfs_read(otp->fp, (char __user *)otp->awb, sizeof(otp->awb), &pos);
		break;
	case OTP_LSC:
		pos = 0x40;
		n = vfs_read(otp->fp, (char __user *)otp->lsc, sizeof(otp->lsc), &pos);
		break;
	case OTP_AF:
		pos = 0x20;
		n = vfs_read(otp->fp, (char __user *)otp->af, sizeof(otp->af), &pos);
		break;
	default:
		n = -EINVAL;
		break;
	}
	set_fs(old_fs);
	return n;
}
