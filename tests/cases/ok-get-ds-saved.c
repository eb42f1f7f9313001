/* case: set_fs(get_ds()) with the old value saved and restored on every path of a file_operations .open */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/namei.h>
#include <linux/stat.h>
#include <linux/uaccess.h>

struct afsx_vol {
	char cache_dir[64];
	loff_t cache_size;
};

extern struct afsx_vol afsx_default_vol;

static int afsx_vol_open(struct inode *inode, struct file *file)
{
	struct afsx_vol *vol = &afsx_default_vol;
	struct kstat st;
	mm_segment_t old_fs;
	int ret;

	old_fs = get_fs();
	set_fs(get_ds());
	ret = vfs_stat(vol->cache_dir, &st);
	if (ret) {
		set_fs(old_fs);
		return ret;
	}
	vol->cache_size = st.size;
	set_fs(old_fs);

	file->private_data = vol;
	return 0;
}

static const struct file_operations afsx_vol_fops = {
	.owner	= THIS_MODULE,
	.open	= afsx_vol_open,
};
