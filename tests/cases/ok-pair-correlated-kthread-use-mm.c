/* case: vfio_dma_rw-style: kthread_use_mm(mm) only when called from a kernel thread and kthread_unuse_mm(mm) under the same `kthread` flag later, with the mismatched-mm path jumping past both; correlated, so balanced */
#include <linux/mm.h>
#include <linux/sched.h>
#include <linux/sched/mm.h>
#include <linux/kthread.h>
#include <linux/uaccess.h>

struct lite_dma {
	dma_addr_t iova;
	unsigned long vaddr;
	size_t size;
	struct task_struct *task;
};

static int lite_dma_rw_chunk(struct lite_dma *dma, dma_addr_t user_iova,
			     void *data, size_t count, bool write, size_t *copied)
{
	struct mm_struct *mm;
	unsigned long vaddr;
	bool kthread = current->mm == NULL;
	size_t offset;

	*copied = 0;
	mm = get_task_mm(dma->task);
	if (!mm)
		return -EPERM;

	if (kthread)
		kthread_use_mm(mm);
	else if (current->mm != mm)
		goto out;

	offset = user_iova - dma->iova;
	if (count > dma->size - offset)
		count = dma->size - offset;
	vaddr = dma->vaddr + offset;

	if (write)
		*copied = copy_to_user((void __user *)vaddr, data, count) ? 0 : count;
	else
		*copied = copy_from_user(data, (void __user *)vaddr, count) ? 0 : count;

	if (kthread)
		kthread_unuse_mm(mm);
out:
	mmput(mm);
	return *copied ? 0 : -EFAULT;
}

int lite_dma_rw(struct lite_dma *dma, dma_addr_t iova, void *data, size_t count, bool write)
{
	size_t done;
	int ret;

	while (count) {
		ret = lite_dma_rw_chunk(dma, iova, data, count, write, &done);
		if (ret)
			return ret;
		count -= done;
		data += done;
		iova += done;
	}
	return 0;
}
