/* case: a 3.x vendor driver registers procfs handlers the old way: create_proc_entry() then ->read_proc/->write_proc, and create_proc_read_entry() with the read handler as an argument; both handlers return with KERNEL_DS on an error path */
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
		return n; /* expect: ds-leak */
	set_fs(old_fs);
	*eof = n < count;
	return n;
}

static int batt_log_write(struct file *file, const char __user *buffer, unsigned long count,
			  void *data)
{
	mm_segment_t old_fs;
	loff_t pos = 0;
	char cmd[16];

	if (count >= sizeof(cmd) || copy_from_user(cmd, buffer, count))
		return -EFAULT;
	old_fs = get_fs();
	set_fs(KERNEL_DS);
	if (vfs_write(log_fp, (const char __user *)cmd, count, &pos) != count)
		return -EIO; /* expect: ds-leak */
	set_fs(old_fs);
	return count;
}

static int batt_stat_read(char *page, char **start, off_t off, int count, int *eof, void *data)
{
	mm_segment_t old_fs;
	loff_t pos = 0;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	if (vfs_read(log_fp, (char __user *)page, 16, &pos) != 16)
		return -EIO; /* expect: ds-leak */
	set_fs(old_fs);
	return 16;
}

int batt_proc_init(void)
{
	struct proc_dir_entry *ent;

	ent = create_proc_entry("batt_log", 0644, NULL);
	if (!ent)
		return -ENOMEM;
	ent->read_proc = batt_log_read;
	ent->write_proc = batt_log_write;
	create_proc_read_entry("batt_stat", 0444, NULL, batt_stat_read, NULL);
	return 0;
}
