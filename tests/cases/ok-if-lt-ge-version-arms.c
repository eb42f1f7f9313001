/* case: `#if VERSION < X` raises and the matching restore sits in the #else of a later `#if VERSION >= X` */
#include <linux/version.h>
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

struct wl_nvram {
	struct file *fp;
	char *buf;
	size_t len;
};

static int wl_nvram_read(struct wl_nvram *nv)
{
	loff_t pos = 0;
	ssize_t n;
#if LINUX_VERSION_CODE < KERNEL_VERSION(4,14,0)
	mm_segment_t old_fs;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	n = vfs_read(nv->fp, (char __user *)nv->buf, nv->len, &pos);
#else
	n = kernel_read(nv->fp, nv->buf, nv->len, &pos);
#endif
	if (n != nv->len)
		pr_warn("wl: nvram short read %zd\n", n);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(4,14,0)
	pr_debug("wl: nvram via kernel_read\n");
#else
	set_fs(old_fs);
#endif
	return n < 0 ? n : 0;
}
