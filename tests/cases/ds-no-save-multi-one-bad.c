/* case: two windows in one driver; the first restores the saved value, the second forces USER_DS */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

struct thermal_log {
	struct file *fp;
	loff_t pos;
	s32 temps[16];
	u32 trips[4];
};

static int tlog_write_temps(struct thermal_log *tl)
{
	mm_segment_t old_fs = get_fs();
	ssize_t n;

	set_fs(KERNEL_DS);
	n = vfs_write(tl->fp, (const char __user *)tl->temps, sizeof(tl->temps), &tl->pos);
	set_fs(old_fs);
	return n < 0 ? n : 0;
}

static int tlog_write_trips(struct thermal_log *tl)
{
	mm_segment_t old_fs = get_fs();
	ssize_t n;

	set_fs(KERNEL_DS);
	n = vfs_write(tl->fp, (const char __user *)tl->trips, sizeof(tl->trips), &tl->pos);
	set_fs(USER_DS); /* expect: ds-no-save */
	return n < 0 ? n : 0;
}
