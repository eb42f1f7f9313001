/* case: a vhost_worker-style kthread adopts the owner's mm with kthread_use_mm, returns the iotlb setup error without kthread_unuse_mm, and only the stop path after the loop drops the mm */
#include <linux/kthread.h>
#include <linux/llist.h>
#include <linux/sched.h>
#include <linux/sched/mm.h>

struct vq_work {
	struct llist_node node;
	void (*fn)(struct vq_work *work);
};

struct vq_dev {
	struct mm_struct *mm;
	struct llist_head work_list;
	void *iotlb;
};

int vq_dev_setup_iotlb(struct vq_dev *dev);

static int vq_worker(void *data)
{
	struct vq_dev *dev = data;
	struct vq_work *work, *work_next;
	struct llist_node *node;
	int ret;

	kthread_use_mm(dev->mm);

	ret = vq_dev_setup_iotlb(dev);
	if (ret)
		return ret; /* expect: pair-unbalanced */

	for (;;) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (kthread_should_stop()) {
			__set_current_state(TASK_RUNNING);
			break;
		}
		node = llist_del_all(&dev->work_list);
		if (!node)
			schedule();
		node = llist_reverse_order(node);
		llist_for_each_entry_safe(work, work_next, node, node) {
			__set_current_state(TASK_RUNNING);
			work->fn(work);
			if (need_resched())
				schedule();
		}
	}
	kthread_unuse_mm(dev->mm);
	return 0;
}

struct task_struct *vq_dev_start_worker(struct vq_dev *dev)
{
	return kthread_run(vq_worker, dev, "vq-%d", current->pid);
}
