/* case: a call to a function declared never to return (`__noreturn`) inside
 * a set_fs() window is an oops with the limit raised, like BUG() */
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

void __noreturn fw_fatal(const char *why);

static int fw_load(struct file *fp, char *buf, size_t len)
{
	mm_segment_t old = get_fs();
	loff_t pos = 0;
	ssize_t n;

	set_fs(KERNEL_DS);
	n = vfs_read(fp, (char __user *)buf, len, &pos);
	if (n < 0)
		fw_fatal("firmware read failed"); /* expect: oops-in-window */
	set_fs(old);
	return n;
}

int fw_init(struct file *fp, char *buf)
{
	return fw_load(fp, buf, 4096);
}
