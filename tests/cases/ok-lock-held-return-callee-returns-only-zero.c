/* case: a helper of the file whose every return is `return 0;` (or a
 * non-negative literal) makes its caller's `ret < 0` / `if (helper() < 0)`
 * error branch, which skips the unlock, no path (tcc_vout's
 * vidioc_reqbufs after tcc_v4l2_buffer_set) */
#include <linux/fs.h>
#include <linux/mutex.h>
#include <linux/videodev2.h>

struct vout_dev {
	struct mutex lock;
	int nr_bufs;
	int memory;
};

static int vout_buffer_set(struct vout_dev *vout, struct v4l2_requestbuffers *req)
{
	if (req->memory == V4L2_MEMORY_USERPTR) {
		vout->nr_bufs += req->count;
		return 0;
	}
	vout->nr_bufs += req->count;
	return 0;
}

static int vout_count(struct vout_dev *vout)
{
	if (vout->nr_bufs > 4)
		return 1;
	return 0;
}

static int vidioc_reqbufs(struct file *file, void *fh, struct v4l2_requestbuffers *req)
{
	struct vout_dev *vout = fh;
	int ret = 0;

	mutex_lock(&vout->lock);
	ret = vout_buffer_set(vout, req);
	if (ret < 0)
		goto out;
	if (vout_buffer_set(vout, req) < 0)
		goto out;
	ret = vout_count(vout);
	if (ret < 0)
		goto out;
	mutex_unlock(&vout->lock);
out:
	return ret;
}

static const struct v4l2_ioctl_ops vout_ioctl_ops = {
	.vidioc_reqbufs = vidioc_reqbufs,
};
