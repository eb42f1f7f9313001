/* case: the v4l2_ioctl_ops table names vidioc_* handlers defined in another file; every vidioc_* member is reached from user mode through VIDIOC_* ioctls (this file: the table) */
#include <media/v4l2-ioctl.h>

int cam_s_ctrl(struct file *file, void *fh, struct v4l2_control *ctrl);
int cam_querycap(struct file *file, void *fh, struct v4l2_capability *cap);

const struct v4l2_ioctl_ops cam_ioctl_ops = {
	.vidioc_querycap	= cam_querycap,
	.vidioc_s_ctrl		= cam_s_ctrl,
};
