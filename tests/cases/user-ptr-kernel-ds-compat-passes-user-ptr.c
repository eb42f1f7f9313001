/* case: a compat_ioctl converts one command into a kernel struct correctly, but for every other command raises and passes compat_ptr(arg) to the native handler, whose arg reaches copy_from_user/copy_to_user; only that call is reported */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/compat.h>
#include <linux/uaccess.h>

#define GPU_IOC_ALLOC		_IOWR('G', 1, struct gpu_alloc)
#define GPU_IOC_ALLOC32		_IOWR('G', 1, struct gpu_alloc32)
#define GPU_IOC_FREE		_IOW('G', 2, u32)

struct gpu_alloc {
	u64 size;
	u32 flags;
	u32 handle;
};

struct gpu_alloc32 {
	compat_u64 size;
	u32 flags;
	u32 handle;
} __packed;

struct gpu_ctx;

int gpu_bo_alloc(struct gpu_ctx *ctx, u64 size, u32 flags, u32 *handle);
int gpu_bo_free(struct gpu_ctx *ctx, u32 handle);

static long gpu_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct gpu_ctx *ctx = file->private_data;
	struct gpu_alloc a;
	u32 handle;
	int ret;

	switch (cmd) {
	case GPU_IOC_ALLOC:
		if (copy_from_user(&a, (void __user *)arg, sizeof(a)))
			return -EFAULT;
		ret = gpu_bo_alloc(ctx, a.size, a.flags, &a.handle);
		if (ret)
			return ret;
		return copy_to_user((void __user *)arg, &a, sizeof(a)) ? -EFAULT : 0;
	case GPU_IOC_FREE:
		if (get_user(handle, (u32 __user *)arg))
			return -EFAULT;
		return gpu_bo_free(ctx, handle);
	}
	return -ENOTTY;
}

static long gpu_compat_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct gpu_alloc32 __user *up32 = compat_ptr(arg);
	struct gpu_alloc ka;
	mm_segment_t old_fs;
	long ret;

	switch (cmd) {
	case GPU_IOC_ALLOC32:
		if (get_user(ka.size, &up32->size) || get_user(ka.flags, &up32->flags))
			return -EFAULT;
		old_fs = get_fs();
		set_fs(KERNEL_DS);
		ret = gpu_ioctl(file, GPU_IOC_ALLOC, (unsigned long)&ka);
		set_fs(old_fs);
		if (ret)
			return ret;
		return put_user(ka.handle, &up32->handle);
	default:
		old_fs = get_fs();
		set_fs(KERNEL_DS);
		ret = gpu_ioctl(file, cmd, (unsigned long)compat_ptr(arg)); /* expect: user-ptr-kernel-ds */
		set_fs(old_fs);
		return ret;
	}
}

static const struct file_operations gpu_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= gpu_ioctl,
	.compat_ioctl	= gpu_compat_ioctl,
};
