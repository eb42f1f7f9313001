/* case: the limit is saved into io->old_fs but the end of the window sets USER_DS instead of it */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

struct mdm_io {
	struct file *tty;
	mm_segment_t old_fs;
	loff_t pos;
};

static int mdm_send_at(struct mdm_io *io, const char *cmd, size_t len)
{
	ssize_t n;

	io->old_fs = get_fs();
	set_fs(KERNEL_DS);
	n = vfs_write(io->tty, (const char __user *)cmd, len, &io->pos);
	if (n == len)
		n = vfs_write(io->tty, (const char __user *)"\r", 1, &io->pos);
	set_fs(USER_DS); /* expect: ds-no-save */

	if (n < 0)
		return n;
	return 0;
}
