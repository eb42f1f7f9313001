/* case: set_fs(get_ds()) raises in a .read handler and the lookup failure returns without restoring */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/namei.h>
#include <linux/stat.h>
#include <linux/uaccess.h>

struct afsx_cell {
	char root[64];
};

static ssize_t afsx_cellinfo_read(struct file *file, char __user *ubuf,
				  size_t len, loff_t *ppos)
{
	struct afsx_cell *cell = file->private_data;
	struct kstat st;
	char line[96];
	mm_segment_t old_fs;
	int n, ret;

	old_fs = get_fs();
	set_fs(get_ds());
	ret = vfs_stat(cell->root, &st);
	if (ret) {
		pr_warn("afsx: cannot stat %s: %d\n", cell->root, ret);
		return ret; /* expect: ds-leak */
	}
	set_fs(old_fs);

	n = scnprintf(line, sizeof(line), "%s %llu\n", cell->root,
		      (unsigned long long)st.size);
	return simple_read_from_buffer(ubuf, len, ppos, line, n);
}

static const struct file_operations afsx_cellinfo_fops = {
	.owner	= THIS_MODULE,
	.read	= afsx_cellinfo_read,
	.llseek	= default_llseek,
};
