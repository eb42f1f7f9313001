/* case: an unlocked_ioctl takes status_mutex and sends every error to out_unlock except a copy_from_user failure that returns -EFAULT directly, leaving the mutex held on return to user mode (cxl afu_ioctl_start_work style) */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/mutex.h>
#include <linux/uaccess.h>

#define ACCEL_IOCTL_START_WORK	_IOW('a', 0x00, struct accel_ioctl_start_work)
#define ACCEL_IOCTL_GET_PE	_IOR('a', 0x01, __u32)

struct accel_ioctl_start_work {
	__u64 flags;
	__u64 work_element_descriptor;
	__u64 amr;
	__s16 num_interrupts;
	__s16 reserved[3];
};

enum accel_ctx_status { OPENED, STARTED, CLOSED };

struct accel_context {
	struct mutex status_mutex;
	enum accel_ctx_status status;
	u32 pe;
	u64 wed;
	u64 amr;
	int irq_count;
	int max_irqs;
};

int accel_attach_process(struct accel_context *ctx, u64 wed, u64 amr);

static long accel_fops_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct accel_context *ctx = file->private_data;
	struct accel_ioctl_start_work work;
	int rc = 0;

	if (cmd == ACCEL_IOCTL_GET_PE)
		return put_user(ctx->pe, (__u32 __user *)arg);
	if (cmd != ACCEL_IOCTL_START_WORK)
		return -ENOTTY;

	mutex_lock(&ctx->status_mutex);
	if (ctx->status != OPENED) {
		rc = -EIO;
		goto out_unlock;
	}

	if (copy_from_user(&work, (void __user *)arg, sizeof(work)))
		return -EFAULT; /* expect: lock-held-return */

	if (work.reserved[0] || work.reserved[1] || work.reserved[2]) {
		rc = -EINVAL;
		goto out_unlock;
	}
	if (work.num_interrupts > ctx->max_irqs) {
		rc = -EINVAL;
		goto out_unlock;
	}
	ctx->irq_count = work.num_interrupts;
	ctx->wed = work.work_element_descriptor;
	ctx->amr = work.amr;

	rc = accel_attach_process(ctx, ctx->wed, ctx->amr);
	if (rc)
		goto out_unlock;
	ctx->status = STARTED;

out_unlock:
	mutex_unlock(&ctx->status_mutex);
	return rc;
}

static const struct file_operations accel_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= accel_fops_ioctl,
	.compat_ioctl	= compat_ptr_ioctl,
};
