/* case: the same global functions as ds-unbalanced-kthread-global-whole-tree,
 * in a folder that is not a kernel tree's top: another file may call a
 * global function, so both stay ds-unbalanced (the static work item itself
 * is reached only by its thread) */
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
} /* expect: ds-unbalanced */

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
