/* case (with kernel/chan.c): in a kernel tree read whole from its top
 * folder, a global function that is not exported and whose only caller is
 * a work item (MIPS kspd's sp_work_handle_request) leaves the limit raised
 * only in a kernel thread: a ds-unbalanced-kthread note; the exported one,
 * which a module outside the tree may call, stays ds-unbalanced */
#include <linux/workqueue.h>
#include <linux/uaccess.h>
#include <linux/module.h>

static struct work_struct work;
static struct workqueue_struct *wq;
static int stopping;

int chan_read(void *buf, int len);
int chan_write(const void *buf, int len);

void handle_request(void)
{
	mm_segment_t old_fs;
	int req, ret = -1;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	if (!chan_read(&req, sizeof(req))) {
		set_fs(old_fs);
		return;
	}

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	chan_write(&ret, sizeof(ret));
	set_fs(old_fs);
} /* expect: ds-unbalanced-kthread */

void handle_exported(void)
{
	mm_segment_t old_fs;
	int req;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	if (!chan_read(&req, sizeof(req))) {
		set_fs(old_fs);
		return;
	}
} /* expect: ds-unbalanced */
EXPORT_SYMBOL_GPL(handle_exported);

static void sp_work(struct work_struct *unused)
{
	if (!stopping) {
		handle_request();
		handle_exported();
	}
	if (!stopping)
		queue_work(wq, &work);
} /* expect: ds-unbalanced-kthread */

void start_work(void)
{
	wq = create_singlethread_workqueue("kspd");
	INIT_WORK(&work, sp_work);
	queue_work(wq, &work);
}
