/* case: ds-unbalanced-kthread: load_fw() leaves KERNEL_DS raised when do_load() fails, but only a kernel thread (kthread_run) and a work item (INIT_WORK) reach it: a note naming them, not a warning */
#include <linux/fs.h>
#include <linux/workqueue.h>
#include <linux/kthread.h>
#include <linux/uaccess.h>

static struct work_struct fw_work;
static int do_load(const char *p);

static int load_fw(void)
{
	mm_segment_t old = get_fs();
	set_fs(KERNEL_DS);
	if (do_load("/etc/fw"))
		return -EIO; /* expect: ds-unbalanced-kthread */
	set_fs(old);
	return 0;
}

static void fw_work_fn(struct work_struct *w)
{
	load_fw();
}

static int fw_thread(void *d)
{
	load_fw();
	return 0;
}




static int __init fw_init(void)
{
	INIT_WORK(&fw_work, fw_work_fn);
	kthread_run(fw_thread, NULL, "fw");
	return 0;
}
module_init(fw_init);
