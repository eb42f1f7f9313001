/* case: each loop pass saves, raises and restores, so every raise has the caller's value saved */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/list.h>
#include <linux/uaccess.h>

struct zone_cfg {
	struct list_head node;
	struct file *fp;
	u32 trip_mc;
	loff_t pos;
};

static int zones_commit(struct list_head *zones)
{
	struct zone_cfg *z;
	mm_segment_t old_fs;
	ssize_t n;
	int failed = 0;

	list_for_each_entry(z, zones, node) {
		old_fs = get_fs();
		set_fs(KERNEL_DS);
		n = vfs_write(z->fp, (const char __user *)&z->trip_mc, sizeof(z->trip_mc), &z->pos);
		set_fs(old_fs);
		if (n != sizeof(z->trip_mc))
			failed++;
	}
	return failed ? -EIO : 0;
}
