/* case: the other driver of ok-macro-local-to-c-file: its SET (from ispvideo.h, not scanned) sets a debug counter; easycap_low.c's SET, which returns, is that file's own macro and must not make these calls returns with the mutex held */
#include <linux/fs.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include "ispvideo.h"

struct isp_video {
	struct mutex stream_lock;
	struct mcd mcd;
	int streaming;
};

static long isp_video_streamon(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct isp_video *video = file->private_data;

	mutex_lock(&video->stream_lock);
	SET(video->mcd, MCD_VDEV, MCD_VDEV_DUMP, 0);
	video->streaming = 1;
	SET(video->mcd, MCD_VDEV, MCD_VDEV_STREAM, 1);
	mutex_unlock(&video->stream_lock);
	return 0;
}

static const struct file_operations isp_video_fops = {
	.owner = THIS_MODULE,
	.unlocked_ioctl = isp_video_streamon,
};
