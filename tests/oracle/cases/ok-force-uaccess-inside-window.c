/* case: inside a KERNEL_DS window the user copy runs under force_uaccess_begin/end; the window closes on every path */
/* oracle: entry sys_sensorlog */
/* oracle: user-ptr */
#include <linux/syscalls.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

#define SENSORLOG_PATH	"/data/vendor/sensor.log"

SYSCALL_DEFINE2(sensorlog, char __user *, ubuf, size_t, len)
{
	char kbuf[32];
	struct file *fp;
	mm_segment_t old_fs, uaccess_fs;
	loff_t pos = 0;
	ssize_t n;
	long ret;

	if (len > sizeof(kbuf))
		len = sizeof(kbuf);
	fp = filp_open(SENSORLOG_PATH, O_RDONLY, 0);
	if (IS_ERR(fp))
		return PTR_ERR(fp);

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	n = vfs_read(fp, (char __user *)kbuf, len, &pos);
	if (n > 0) {
		uaccess_fs = force_uaccess_begin();
		ret = copy_to_user(ubuf, kbuf, n) ? -EFAULT : n;
		force_uaccess_end(uaccess_fs);
	} else {
		ret = n;
	}
	set_fs(old_fs);
	filp_close(fp, NULL);
	return ret;
}
