/* case: the old limit is saved after the raise, so the "restore" puts KERNEL_DS back */
/* oracle: entry sys_audio_cal */
#include <linux/syscalls.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

#define AUDIO_CAL_PATH	"/vendor/etc/audio_cal.bin"

static u8 audio_cal[40];

SYSCALL_DEFINE0(audio_cal)
{
	struct file *fp;
	mm_segment_t old_fs;
	loff_t pos = 0;
	ssize_t n;

	fp = filp_open(AUDIO_CAL_PATH, O_RDONLY, 0);
	if (IS_ERR(fp))
		return PTR_ERR(fp);
	set_fs(KERNEL_DS);
	old_fs = get_fs();
	n = vfs_read(fp, (char __user *)audio_cal, sizeof(audio_cal), &pos);
	set_fs(old_fs);
	filp_close(fp, NULL);
	return n < 0 ? n : 0; /* expect: ds-leak */
}
