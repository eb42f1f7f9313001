/* case: a helper that may return a negative literal, or a value it does
 * not spell out, keeps its caller's `ret < 0` branch a path: returning there
 * keeps the mutex */
#include <linux/fs.h>
#include <linux/mutex.h>
#include <linux/videodev2.h>

struct vout_dev {
	struct mutex lock;
	int nr_bufs;
};

int vout_hw_alloc(struct vout_dev *vout, int n);

static int vout_buffer_check(struct vout_dev *vout, struct v4l2_requestbuffers *req)
{
	if (req->count > 32)
		return -EINVAL;
	return 0;
}

static int vout_buffer_alloc(struct vout_dev *vout, struct v4l2_requestbuffers *req)
{
	int err = vout_hw_alloc(vout, req->count);

	if (err)
		return err;
	return 0;
}

static int vidioc_reqbufs(struct file *file, void *fh, struct v4l2_requestbuffers *req)
{
	struct vout_dev *vout = fh;
	int ret;

	mutex_lock(&vout->lock);
	ret = vout_buffer_check(vout, req);
	if (ret < 0)
		goto out;
	mutex_unlock(&vout->lock);
out:
	return ret; /* expect: lock-held-return */
}

static int vidioc_create_bufs(struct file *file, void *fh, struct v4l2_create_buffers *cr)
{
	struct vout_dev *vout = fh;
	struct v4l2_requestbuffers req = { .count = cr->count };
	int ret;

	mutex_lock(&vout->lock);
	ret = vout_buffer_alloc(vout, &req);
	if (ret < 0)
		goto out;
	mutex_unlock(&vout->lock);
out:
	return ret; /* expect: lock-held-return */
}

static const struct v4l2_ioctl_ops vout_ioctl_ops = {
	.vidioc_reqbufs = vidioc_reqbufs,
	.vidioc_create_bufs = vidioc_create_bufs,
};
