/* case: lock-unbalanced must not fire: the error path hands the locked device to vpu_abort_job(), defined in another file, which releases the lock; only the whole tree's view of that callee shows it */
#include <linux/mutex.h>

struct vpu_dev {
	struct mutex hw_lock;
	int busy;
};

void vpu_abort_job(struct vpu_dev *vpu);

int vpu_run_job(struct vpu_dev *vpu, int job)
{
	mutex_lock(&vpu->hw_lock);
	if (job < 0) {
		vpu_abort_job(vpu);
		return -EINVAL;
	}
	vpu->busy = job;
	mutex_unlock(&vpu->hw_lock);
	return job;
}
