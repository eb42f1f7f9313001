/* case: an ioctl returns early when mutex_lock_killable fails (nothing held), and every later error inside the switch jumps to out_unlock or breaks to it, so no return leaves the mutex held */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#define BO_IOC_CREATE	_IOWR('B', 0x01, struct bo_create)
#define BO_IOC_WAIT	_IOW('B', 0x02, __u32)
#define BO_MAX_SIZE	(64 << 20)

struct bo_create {
	__u64 size;
	__u32 handle;
	__u32 pad;
};

struct bo_dev {
	struct mutex bo_lock;
	struct idr handles;
};

struct bo *bo_alloc(struct bo_dev *bdev, size_t size);
void bo_free(struct bo *bo);
int bo_wait_idle(struct bo_dev *bdev, u32 handle);

static long bo_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct bo_dev *bdev = file->private_data;
	void __user *argp = (void __user *)arg;
	struct bo_create args;
	struct bo *bo;
	long ret;

	ret = mutex_lock_killable(&bdev->bo_lock);
	if (ret)
		return ret;

	switch (cmd) {
	case BO_IOC_CREATE:
		if (copy_from_user(&args, argp, sizeof(args))) {
			ret = -EFAULT;
			goto out_unlock;
		}
		if (!args.size || args.size > BO_MAX_SIZE || args.pad) {
			ret = -EINVAL;
			goto out_unlock;
		}
		bo = bo_alloc(bdev, args.size);
		if (IS_ERR(bo)) {
			ret = PTR_ERR(bo);
			goto out_unlock;
		}
		ret = idr_alloc(&bdev->handles, bo, 1, 0, GFP_KERNEL);
		if (ret < 0)
			goto out_free;
		args.handle = ret;
		ret = copy_to_user(argp, &args, sizeof(args)) ? -EFAULT : 0;
		break;
	case BO_IOC_WAIT:
		ret = bo_wait_idle(bdev, (u32)arg);
		break;
	default:
		ret = -ENOTTY;
		break;
	}
	mutex_unlock(&bdev->bo_lock);
	return ret;

out_free:
	bo_free(bo);
out_unlock:
	mutex_unlock(&bdev->bo_lock);
	return ret;
}

static const struct file_operations bo_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= bo_ioctl,
};
