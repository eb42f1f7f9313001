/* case: a caller whose raised return comes from two helpers, each of which
 * leaves the limit raised on an error path, is listed under both helpers'
 * findings (reported once each); a caller whose raise comes from one such
 * helper and from a setter whose job is to raise keeps its own finding. */
#include <linux/fs.h>
#include <linux/uaccess.h>

static char buf_a[32], buf_b[32];
static mm_segment_t kio_saved;

static int load_a(struct file *fp)
{
	mm_segment_t old = get_fs();
	loff_t pos = 0;

	set_fs(KERNEL_DS);
	if (vfs_read(fp, (char __user *)buf_a, sizeof(buf_a), &pos) < 0)
		return -EIO; /* expect: ds-unbalanced */
	set_fs(old);
	return 0;
}

static int load_b(struct file *fp)
{
	mm_segment_t old = get_fs();
	loff_t pos = 0;

	set_fs(KERNEL_DS);
	if (vfs_read(fp, (char __user *)buf_b, sizeof(buf_b), &pos) < 0)
		return -EIO; /* expect: ds-unbalanced */
	set_fs(old);
	return 0;
}

static void kio_enter(void)
{
	kio_saved = get_fs();
	set_fs(KERNEL_DS);
}

static int load_both(struct file *fp, int quick)
{
	if (!quick)
		return 0;
	load_a(fp);
	load_b(fp);
	return 1; /* expect: ds-unbalanced */
}

static int load_a_in_window(struct file *fp, int quick)
{
	if (!quick)
		return 0;
	load_a(fp);
	kio_enter();
	return 1; /* expect: ds-unbalanced */
}

int cal_init(struct file *fp, int quick)
{
	if (load_both(fp, quick) < 0)
		return -EIO;
	return load_a_in_window(fp, quick);
}
