#include <linux/mmu_context.h>
#include <linux/uio.h>
#include <linux/workqueue.h>

struct rx_io {
	struct work_struct work;
	struct mm_struct *mm;
	struct iov_iter to;
	void *buf;
	size_t actual;
};

static void rx_complete_worker(struct work_struct *work)
{
	struct rx_io *io = container_of(work, struct rx_io, work);

	use_mm(io->mm);
	copy_to_iter(io->buf, io->actual, &io->to);
	unuse_mm(io->mm);
	kfree(io);
}
