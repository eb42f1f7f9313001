/* case: an OTP reader restores the limit on its success path but not on a read error; the ioctl in another file that calls it can then return raised (this file: the helper, ds-unbalanced at its leaking return) */
#include <linux/fs.h>
#include <linux/uaccess.h>

#define CAM_OTP_DUMP	"/data/vendor/camera/otp.bin"

struct cam_dev;

int cam_read_otp(struct cam_dev *cam, u8 *dst, size_t len)
{
	mm_segment_t old_fs;
	struct file *fp;
	loff_t pos = 0;
	ssize_t n;

	fp = filp_open(CAM_OTP_DUMP, O_RDONLY, 0);
	if (IS_ERR(fp))
		return PTR_ERR(fp);

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	n = vfs_read(fp, (char __user *)dst, len, &pos);
	if (n < 0) {
		filp_close(fp, NULL);
		return n; /* expect: ds-unbalanced */
	}
	set_fs(old_fs);

	filp_close(fp, NULL);
	return n == len ? 0 : -ENODATA;
}
