/* case: gpu_lock_interruptible() returns the result of mutex_lock_interruptible and gpu_unlock() releases it; the ioctl returns that result before touching state and calls gpu_unlock on every other path */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/mutex.h>
#include <linux/uaccess.h>

#define GPU_IOC_SUBMIT	_IOW('g', 0x20, struct gpu_submit)

struct gpu_submit {
	__u64 cmdbuf;
	__u32 size;
	__u32 ring;
};

struct gpu_dev {
	struct mutex struct_mutex;
	unsigned int nr_rings;
	bool wedged;
};

int gpu_ring_submit(struct gpu_dev *gpu, const struct gpu_submit *s);

static int gpu_lock_interruptible(struct gpu_dev *gpu)
{
	return mutex_lock_interruptible(&gpu->struct_mutex);
}

static void gpu_unlock(struct gpu_dev *gpu)
{
	mutex_unlock(&gpu->struct_mutex);
}

static long gpu_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct gpu_dev *gpu = file->private_data;
	struct gpu_submit s;
	int ret;

	if (cmd != GPU_IOC_SUBMIT)
		return -ENOTTY;
	if (copy_from_user(&s, (void __user *)arg, sizeof(s)))
		return -EFAULT;

	ret = gpu_lock_interruptible(gpu);
	if (ret)
		return ret;

	if (gpu->wedged) {
		gpu_unlock(gpu);
		return -EIO;
	}
	if (s.ring >= gpu->nr_rings)
		ret = -EINVAL;
	else
		ret = gpu_ring_submit(gpu, &s);
	gpu_unlock(gpu);
	return ret;
}

static const struct file_operations gpu_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= gpu_ioctl,
};
