/* case: an AIO completion worker borrows the submitter's mm with use_mm() and copies the result to the user's buffer; a workqueue worker runs with KERNEL_DS before 5.10 and use_mm() does not change the limit, so the user's buffer address is checked against KERNEL_DS: both copies reported (the FunctionFS bug fixed in 2016) */
#include <linux/module.h>
#include <linux/mmu_context.h>
#include <linux/uio.h>
#include <linux/workqueue.h>
#include <linux/uaccess.h>

struct rx_io {
	struct work_struct work;
	struct mm_struct *mm;
	struct iov_iter to;
	void __user *status_addr;
	void *buf;
	size_t actual;
	u32 status;
};

static void rx_complete_worker(struct work_struct *work)
{
	struct rx_io *io = container_of(work, struct rx_io, work);
	ssize_t n;

	use_mm(io->mm);
	n = copy_to_iter(io->buf, io->actual, &io->to); /* expect: user-ptr-kernel-ds */
	if (io->status_addr)
		put_user(io->status, (u32 __user *)io->status_addr); /* expect: user-ptr-kernel-ds */
	unuse_mm(io->mm);
	kfree(io->buf);
	kfree(io);
}

void rx_queue_completion(struct rx_io *io)
{
	INIT_WORK(&io->work, rx_complete_worker);
	schedule_work(&io->work);
}
