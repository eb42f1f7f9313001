/* case: the limit is saved once before a loop that raises and restores on each pass, returning after a restore */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

#define BIST_PATTERNS	4

struct bist {
	struct file *port;
	u32 pattern[BIST_PATTERNS];
	u32 readback;
	loff_t pos;
};

static int bist_run(struct bist *b)
{
	mm_segment_t old_fs = get_fs();
	ssize_t n;
	int i;

	for (i = 0; i < BIST_PATTERNS; i++) {
		set_fs(KERNEL_DS);
		n = vfs_write(b->port, (const char __user *)&b->pattern[i], sizeof(u32), &b->pos);
		if (n == sizeof(u32))
			n = vfs_read(b->port, (char __user *)&b->readback, sizeof(u32), &b->pos);
		set_fs(old_fs);
		if (n != sizeof(u32))
			return -EIO;
		if (b->readback != b->pattern[i])
			return -EBADMSG;
	}
	return 0;
}
