/* case: vpu_lock()/vpu_unlock() are same-file helpers around vpu->lock; the .read handler calls vpu_lock and returns -ERESTARTSYS on a pending signal without vpu_unlock, while .write pairs them correctly */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/mutex.h>
#include <linux/sched/signal.h>
#include <linux/uaccess.h>
#include <linux/wait.h>

struct vpu_dev {
	struct mutex lock;
	wait_queue_head_t wq;
	u32 status;
	bool irq_pending;
};

static void vpu_lock(struct vpu_dev *vpu)
{
	mutex_lock(&vpu->lock);
}

static void vpu_unlock(struct vpu_dev *vpu)
{
	mutex_unlock(&vpu->lock);
}

static ssize_t vpu_read(struct file *file, char __user *buf, size_t len, loff_t *off)
{
	struct vpu_dev *vpu = file->private_data;
	u32 status;

	if (len < sizeof(status))
		return -EINVAL;

	vpu_lock(vpu);
	while (!vpu->irq_pending) {
		vpu_unlock(vpu);
		if (wait_event_interruptible(vpu->wq, vpu->irq_pending))
			return -ERESTARTSYS;
		vpu_lock(vpu);
		if (signal_pending(current))
			return -ERESTARTSYS; /* expect: lock-held-return */
	}
	status = vpu->status;
	vpu->irq_pending = false;
	vpu_unlock(vpu);

	if (copy_to_user(buf, &status, sizeof(status)))
		return -EFAULT;
	return sizeof(status);
}

static ssize_t vpu_write(struct file *file, const char __user *buf, size_t len, loff_t *off)
{
	struct vpu_dev *vpu = file->private_data;

	vpu_lock(vpu);
	vpu->status = 0;
	vpu->irq_pending = false;
	vpu_unlock(vpu);
	return len;
}

static const struct file_operations vpu_fops = {
	.owner	= THIS_MODULE,
	.read	= vpu_read,
	.write	= vpu_write,
};
