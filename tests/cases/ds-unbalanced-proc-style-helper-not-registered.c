/* case: a function with the read_proc signature that is only called by the driver (never stored into ->read_proc nor passed to create_proc_read_entry) is not an entry point */
#include <linux/proc_fs.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

static struct file *log_fp;

static int batt_log_read(char *page, char **start, off_t off, int count, int *eof, void *data)
{
	mm_segment_t old_fs;
	loff_t pos = off;
	ssize_t n;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	n = vfs_read(log_fp, (char __user *)page, count, &pos);
	if (n < 0)
		return n; /* expect: ds-unbalanced */
	set_fs(old_fs);
	return n;
}

int batt_dump(char *page)
{
	int eof;

	return batt_log_read(page, NULL, 0, 64, &eof, NULL); /* expect: ds-unbalanced */
}
