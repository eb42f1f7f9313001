/* case: a driver's BUG_ON inside a window: oops-in-window, with the note that this tree's do_exit does not reset the limit */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

int cal_read(struct file *fp, char *buf, size_t n)
{
	mm_segment_t old_fs = get_fs();
	loff_t pos = 0;
	int ret;

	set_fs(KERNEL_DS);
	ret = vfs_read(fp, (char __user *)buf, n, &pos);
	if (ret < 0)
		BUG(); /* expect: oops-in-window */
	set_fs(old_fs);
	return ret;
}
