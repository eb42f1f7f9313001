/* case: the callers of a begin helper that returns the firmware buffer with the limit raised and NULL with it restored: the helper is silent (it hands the limit over), its NULL return tells its caller the limit is restored (`if (!buf) return -EIO;` is no leak), and a caller that leaves on a failed download without the unmap helper returns with the limit raised: reported there only */
#include <linux/fs.h>
#include <linux/err.h>
#include <linux/vmalloc.h>
#include <linux/uaccess.h>

static struct file *img_filp;
static mm_segment_t img_orgfs;

static int img_open(void)
{
	img_orgfs = get_fs();
	set_fs(get_ds());
	img_filp = filp_open("/etc/firmware/img.bin", O_RDONLY, 0);
	if (IS_ERR(img_filp)) {
		set_fs(img_orgfs);
		return -1;
	}
	return 0;
}

static void img_close(void)
{
	if (img_filp != NULL && !IS_ERR(img_filp)) {
		filp_close(img_filp, NULL);
		set_fs(img_orgfs);
	}
}

void *img_map(unsigned int len)
{
	void *buf;
	loff_t pos = 0;

	if (img_open() != 0)
		return NULL;
	buf = vmalloc(len);
	if (vfs_read(img_filp, (char __user *)buf, len, &pos) != len) {
		vfree(buf);
		img_close();
		return NULL;
	}
	return buf;
}

void img_unmap(void *buf)
{
	vfree(buf);
	img_close();
}

int img_download_demo(void *buf);

int img_start_demo(void)
{
	void *buf = img_map(4096);

	if (!buf)
		return -EIO;
	if (img_download_demo(buf) < 0)
		return -EIO; /* expect: ds-unbalanced */
	img_unmap(buf);
	return 0;
}
