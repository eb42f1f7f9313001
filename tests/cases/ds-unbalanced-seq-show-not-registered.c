/* case: a function with the seq_file show signature that is only called directly (not passed to single_open, not named by DEFINE_SHOW_ATTRIBUTE, not in seq_operations) is not an entry point; DEFINE_SHOW_ATTRIBUTE(nv_other) names nv_other_show, not it */
#include <linux/seq_file.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

static struct file *nv_fp;

static int nv_dump_show(struct seq_file *m, void *v)
{
	mm_segment_t old_fs;
	loff_t pos = 0;
	char buf[32];

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	if (vfs_read(nv_fp, (char __user *)buf, sizeof(buf), &pos) < 0)
		return -EIO; /* expect: ds-unbalanced */
	set_fs(old_fs);
	seq_printf(m, "%.32s\n", buf);
	return 0;
}

static int nv_other_show(struct seq_file *m, void *v)
{
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(nv_other);

int nv_dump_all(struct seq_file *m)
{
	nv_dump_show(m, NULL);
	return 0;
}
