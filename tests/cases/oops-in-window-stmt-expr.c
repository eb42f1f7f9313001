/* case: a BUG_ON inside a GNU statement expression runs while the limit is raised */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/bug.h>
#include <linux/uaccess.h>

struct lcd_gamma {
	struct file *fp;
	u16 table[256];
	loff_t pos;
};

static int lcd_gamma_load(struct lcd_gamma *lg, size_t entries)
{
	mm_segment_t old_fs;
	ssize_t n;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	n = ({
		size_t __bytes = entries * sizeof(lg->table[0]);

		BUG_ON(__bytes > sizeof(lg->table)); /* expect: oops-in-window */
		vfs_read(lg->fp, (char __user *)lg->table, __bytes, &lg->pos);
	});
	set_fs(old_fs);

	return n < 0 ? n : 0;
}
