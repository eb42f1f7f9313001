/* case: a firmware loader BUG_ONs a short read while KERNEL_DS is raised */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/bug.h>
#include <linux/uaccess.h>

struct dsp_image {
	struct file *fp;
	void *data;
	size_t size;
};

static int dsp_image_load(struct dsp_image *img)
{
	mm_segment_t old_fs;
	loff_t pos = 0;
	ssize_t n;

	img->data = vmalloc(img->size);
	if (!img->data)
		return -ENOMEM;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	n = vfs_read(img->fp, (char __user *)img->data, img->size, &pos);
	BUG_ON(n != img->size); /* expect: oops-in-window */
	set_fs(old_fs);

	return 0;
}
