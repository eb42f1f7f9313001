/* case: a kernel-thread work function adopts a user mm and sets USER_DS with nothing saved to restore */
#include <linux/module.h>
#include <linux/mmu_context.h>
#include <linux/workqueue.h>
#include <linux/uaccess.h>

struct dma_done {
	struct work_struct work;
	struct mm_struct *mm;
	u32 __user *status;
	u32 value;
};

static void dma_done_work(struct work_struct *work)
{
	struct dma_done *dd = container_of(work, struct dma_done, work);

	if (!mmget_not_zero(dd->mm))
		return;
	use_mm(dd->mm);
	set_fs(USER_DS);
	if (put_user(dd->value, dd->status))
		pr_debug("dma_done: status page gone\n");
	unuse_mm(dd->mm);
	mmput(dd->mm);
}
