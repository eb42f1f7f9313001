/* case: a statement macro that returns only when a magic-number sanity test
 * of its argument fails, inside a set_fs() window, cannot return (every
 * object gets its magic when it is made): not a path that leaves the limit
 * raised; a test of a state field is */
#include <linux/fs.h>
#include <linux/uaccess.h>

#define IMG_MAGIC	0x494d4721
#define IMG_READY	1

#define VALIDATE_IMG(im)				\
	do {						\
		if ((im)->magic != IMG_MAGIC)		\
			return -EINVAL;			\
	} while (0)

struct img { u32 magic; int state; struct file *fp; char data[512]; loff_t pos; };

static int img_load(struct img *im)
{
	mm_segment_t old = get_fs();
	int n;

	set_fs(KERNEL_DS);
	VALIDATE_IMG(im);
	n = vfs_read(im->fp, (char __user *)im->data, sizeof(im->data), &im->pos);
	set_fs(old);
	return n;
}

static int img_reload(struct img *im)
{
	mm_segment_t old = get_fs();
	int n;

	set_fs(KERNEL_DS);
	if (im->state != IMG_READY)
		return -EAGAIN; /* expect: ds-unbalanced */
	n = vfs_read(im->fp, (char __user *)im->data, sizeof(im->data), &im->pos);
	set_fs(old);
	return n;
}

int img_ops(struct img *im)
{
	return img_load(im) ?: img_reload(im); /* expect: ds-unbalanced */
}
