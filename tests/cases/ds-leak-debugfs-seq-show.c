/* case: debugfs and seq_file handlers named by macros and calls: DEFINE_SIMPLE_ATTRIBUTE's get/set, DEFINE_SHOW_ATTRIBUTE(name) → name_show, single_open(file, show, ...) → show; each runs from a read or write of the file and returns to user mode */
#include <linux/debugfs.h>
#include <linux/seq_file.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

static struct file *nv_fp;

static int nv_reg_get(void *data, u64 *val)
{
	mm_segment_t old_fs;
	loff_t pos = 0;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	if (vfs_read(nv_fp, (char __user *)val, sizeof(*val), &pos) != sizeof(*val))
		return -EIO; /* expect: ds-leak */
	set_fs(old_fs);
	return 0;
}

static int nv_reg_set(void *data, u64 val)
{
	return 0;
}

DEFINE_SIMPLE_ATTRIBUTE(nv_reg_fops, nv_reg_get, nv_reg_set, "0x%llx\n");

static int nv_dump_show(struct seq_file *m, void *v)
{
	mm_segment_t old_fs;
	loff_t pos = 0;
	char buf[32];

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	if (vfs_read(nv_fp, (char __user *)buf, sizeof(buf), &pos) < 0)
		return -EIO; /* expect: ds-leak */
	set_fs(old_fs);
	seq_printf(m, "%.32s\n", buf);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(nv_dump);

static int nv_stat_show(struct seq_file *m, void *v)
{
	mm_segment_t old_fs;
	loff_t pos = 0;
	char buf[8];

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	if (vfs_read(nv_fp, (char __user *)buf, sizeof(buf), &pos) < 0)
		return -EIO; /* expect: ds-leak */
	set_fs(old_fs);
	seq_printf(m, "%.8s\n", buf);
	return 0;
}

static int nv_stat_open(struct inode *inode, struct file *file)
{
	return single_open(file, nv_stat_show, inode->i_private);
}

static const struct file_operations nv_stat_fops = {
	.open = nv_stat_open,
	.read = seq_read,
	.release = single_release,
};

void nv_debugfs_init(struct dentry *dir)
{
	debugfs_create_file("reg", 0600, dir, NULL, &nv_reg_fops);
	debugfs_create_file("dump", 0400, dir, NULL, &nv_dump_fops);
	debugfs_create_file("stat", 0400, dir, NULL, &nv_stat_fops);
}
