#include <linux/fs.h>
#include <linux/bug.h>
#include <linux/uaccess.h>

static int dsp_image_load(struct dsp_image *img)
{
	mm_segment_t old_fs;
	loff_t pos = 0;
	ssize_t n;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	n = vfs_read(img->fp, (char __user *)img->data, img->size, &pos);
	set_fs(old_fs);
	if (n != img->size)
		return n < 0 ? n : -EIO;

	return 0;
}
