/* case: in a tree whose do_exit() resets the limit (kernel/exit.c here), an
 * assertion written inside a window (BUG(), BUG_ON(), panic()) has no
 * address-limit consequence: the task exits with USER_DS; an error pointer
 * dereferenced in the window, which the author did not mean, is still
 * reported */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

int cal_read(struct file *fp, char *buf, size_t n)
{
	mm_segment_t old_fs = get_fs();
	loff_t pos = 0;
	int ret;

	set_fs(KERNEL_DS);
	BUG_ON(!fp->f_op);
	ret = vfs_read(fp, (char __user *)buf, n, &pos);
	if (ret < 0)
		BUG();
	set_fs(old_fs);
	return ret;
}

int cal_save(const char *path, const char *buf, size_t n)
{
	mm_segment_t old_fs = get_fs();
	struct file *fp;
	loff_t pos = 0;
	int ret;

	set_fs(KERNEL_DS);
	fp = filp_open(path, O_WRONLY | O_CREAT, 0644);
	if (!fp)
		panic("cal: cannot open %s", path);
	ret = vfs_write(fp, (const char __user *)buf, n, &pos); /* expect: oops-in-window */
	filp_close(fp, NULL);
	set_fs(old_fs);
	return ret;
}
