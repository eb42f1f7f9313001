/* case: VIDIOC_S_CTRL handler loads a tuning file under KERNEL_DS and returns raised for an unknown control (this file: the handlers) */
#include <media/v4l2-ioctl.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

int cam_load_tuning(struct file *fp, u8 *buf, size_t len);

int cam_querycap(struct file *file, void *fh, struct v4l2_capability *cap)
{
	strlcpy(cap->driver, "cam", sizeof(cap->driver));
	return 0;
}

int cam_s_ctrl(struct file *file, void *fh, struct v4l2_control *ctrl)
{
	static u8 tune[1024];
	mm_segment_t old_fs;
	struct file *fp;
	int ret;

	fp = filp_open("/data/cam_tune.bin", O_RDONLY, 0);
	if (IS_ERR(fp))
		return PTR_ERR(fp);
	old_fs = get_fs();
	set_fs(KERNEL_DS);
	switch (ctrl->id) {
	case V4L2_CID_BRIGHTNESS:
		ret = cam_load_tuning(fp, tune, sizeof(tune));
		break;
	default:
		filp_close(fp, NULL);
		return -EINVAL; /* expect: ds-leak */
	}
	set_fs(old_fs);
	filp_close(fp, NULL);
	return ret;
}
