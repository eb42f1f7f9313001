/* case: the same completion worker sets USER_DS before use_mm() and restores its limit after unuse_mm() (the fixed FunctionFS worker, vhost and aio do this), and a second worker copies only after unuse_mm() into a kernel buffer: nothing reported */
#include <linux/module.h>
#include <linux/mmu_context.h>
#include <linux/uio.h>
#include <linux/workqueue.h>
#include <linux/uaccess.h>

struct rx_io {
	struct work_struct work;
	struct mm_struct *mm;
	struct iov_iter to;
	void *buf;
	void *shadow;
	size_t actual;
};

static void rx_complete_worker(struct work_struct *work)
{
	struct rx_io *io = container_of(work, struct rx_io, work);
	mm_segment_t oldfs = get_fs();
	ssize_t n;

	set_fs(USER_DS);
	use_mm(io->mm);
	n = copy_to_iter(io->buf, io->actual, &io->to);
	unuse_mm(io->mm);
	set_fs(oldfs);
	kfree(io->buf);
}

static void rx_shadow_worker(struct work_struct *work)
{
	struct rx_io *io = container_of(work, struct rx_io, work);

	use_mm(io->mm);
	flush_tlb_mm(io->mm);
	unuse_mm(io->mm);
	memcpy(io->shadow, io->buf, io->actual);
}

void rx_queue_completion(struct rx_io *io, bool shadow)
{
	INIT_WORK(&io->work, shadow ? rx_shadow_worker : rx_complete_worker);
	schedule_work(&io->work);
}
