/* case: a BUG_ON inside list_for_each_entry runs while the whole loop is under KERNEL_DS */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/list.h>
#include <linux/bug.h>
#include <linux/uaccess.h>

struct snap_region {
	struct list_head node;
	void *vaddr;
	size_t len;
};

struct snapshot {
	struct file *out;
	struct list_head regions;
	loff_t pos;
};

static int snapshot_write_regions(struct snapshot *ss)
{
	struct snap_region *r;
	mm_segment_t old_fs;
	ssize_t n;
	int ret = 0;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	list_for_each_entry(r, &ss->regions, node) {
		BUG_ON(!r->vaddr); /* expect: oops-in-window */
		n = vfs_write(ss->out, (const char __user *)r->vaddr, r->len, &ss->pos);
		if (n != r->len) {
			ret = n < 0 ? n : -ENOSPC;
			break;
		}
	}
	set_fs(old_fs);
	return ret;
}
