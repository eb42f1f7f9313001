/* case: map helpers that return with the limit raised and are no handover: one keeps the caller's limit in a local (no unmap helper can restore it), one also returns an object where it restored (the caller cannot tell), one returns a call's value raised: each reported */
#include <linux/fs.h>
#include <linux/err.h>
#include <linux/vmalloc.h>
#include <linux/uaccess.h>

static int map_load_demo(struct file *f, void *buf, unsigned int len)
{
	loff_t pos = 0;

	return vfs_read(f, (char __user *)buf, len, &pos) == len ? 0 : -1;
}

void *map_local_demo(struct file *f, unsigned int len)
{
	mm_segment_t old_fs = get_fs();
	void *buf;

	set_fs(KERNEL_DS);
	buf = vmalloc(len);
	if (map_load_demo(f, buf, len) != 0) {
		vfree(buf);
		set_fs(old_fs);
		return NULL;
	}
	return buf; /* expect: ds-unbalanced */
}

/* a global save, but a restoring return that hands back an object as
 * well (the cached copy): NULL does not tell the caller which it got */
static mm_segment_t map_orgfs_demo;
static void *map_cached_demo;

void *map_or_cached_demo(struct file *f, unsigned int len)
{
	void *buf;

	map_orgfs_demo = get_fs();
	set_fs(KERNEL_DS);
	buf = vmalloc(len);
	if (map_load_demo(f, buf, len) != 0) {
		vfree(buf);
		set_fs(map_orgfs_demo);
		return map_cached_demo;
	}
	return buf; /* expect: ds-unbalanced */
}

extern void *map_dup_demo(void *buf, unsigned int len);

/* a global save, NULL when restored, but the raised return is a call's
 * value, no object the function made and checked */
void *map_dup_raised_demo(struct file *f, unsigned int len)
{
	void *buf;

	map_orgfs_demo = get_fs();
	set_fs(KERNEL_DS);
	buf = vmalloc(len);
	if (map_load_demo(f, buf, len) != 0) {
		vfree(buf);
		set_fs(map_orgfs_demo);
		return NULL;
	}
	return map_dup_demo(buf, len); /* expect: ds-unbalanced */
}
