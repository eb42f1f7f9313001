/* case: two begin-like helpers that are still ds-unbalanced: one saves the caller's limit only in a local (no restorer can find it), the other keeps it in a device field but also returns a negative error with the limit raised, as its restoring error paths do, so the caller cannot tell them apart */
#include <linux/fs.h>
#include <linux/err.h>
#include <linux/uaccess.h>

struct lg_dev {
	struct file *fp;
	mm_segment_t saved_fs;
	bool ready;
};

int lg_open_local(struct lg_dev *dev, const char *path)
{
	mm_segment_t old_fs = get_fs();

	set_fs(KERNEL_DS);
	dev->fp = filp_open(path, O_RDONLY, 0);
	if (IS_ERR(dev->fp)) {
		set_fs(old_fs);
		return PTR_ERR(dev->fp);
	}
	return 0; /* expect: ds-unbalanced */
}

int lg_open_field(struct lg_dev *dev, const char *path)
{
	dev->saved_fs = get_fs();
	set_fs(KERNEL_DS);
	dev->fp = filp_open(path, O_RDONLY, 0);
	if (IS_ERR(dev->fp)) {
		set_fs(dev->saved_fs);
		return PTR_ERR(dev->fp);
	}
	if (!dev->ready)
		return -EAGAIN; /* expect: ds-unbalanced */
	return 0;
}

void lg_close(struct lg_dev *dev)
{
	filp_close(dev->fp, NULL);
	set_fs(dev->saved_fs);
}
