#include <linux/kthread.h>
#include <linux/workqueue.h>
#include <linux/uaccess.h>

static struct work_struct cal_work;
int cal_read_file(const char *path);

static int cal_load(void)
{
	mm_segment_t old_fs = get_fs();

	set_fs(KERNEL_DS);
	if (cal_read_file("/data/cal.bin"))
		return -EIO;
	set_fs(old_fs);
	return 0;
}

static void cal_work_fn(struct work_struct *w)
{
	cal_load();
}

static int cal_thread(void *data)
{
	return cal_load();
}

static int cal_start(void)
{
	INIT_WORK(&cal_work, cal_work_fn);
	return PTR_ERR_OR_ZERO(kthread_run(cal_thread, NULL, "cal"));
}
