/* case: the limit is raised only when it is not KERNEL_DS already, and a flag set with the raise guards the restore */
/* oracle: entry sys_rtc_backup */
#include <linux/syscalls.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

#define RTC_BACKUP_PATH	"/persist/rtc_offset"

SYSCALL_DEFINE1(rtc_backup, long, offset)
{
	struct file *fp;
	mm_segment_t old_fs;
	bool raised = false;
	loff_t pos = 0;
	ssize_t n;

	fp = filp_open(RTC_BACKUP_PATH, O_WRONLY | O_CREAT, 0600);
	if (IS_ERR(fp))
		return PTR_ERR(fp);
	if (!uaccess_kernel()) {
		old_fs = get_fs();
		set_fs(KERNEL_DS);
		raised = true;
	}
	n = vfs_write(fp, (const char __user *)&offset, sizeof(offset), &pos);
	if (raised)
		set_fs(old_fs);
	filp_close(fp, NULL);
	return n < 0 ? n : 0;
}
