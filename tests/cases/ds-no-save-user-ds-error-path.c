/* case: the success path restores the saved limit but the error path forces USER_DS instead */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

struct codec_fw {
	const char *path;
	u8 *blob;
	size_t len;
};

static int codec_fw_fetch(struct codec_fw *cf)
{
	struct file *fp;
	mm_segment_t old_fs;
	loff_t pos = 0;
	ssize_t n;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	fp = filp_open(cf->path, O_RDONLY, 0);
	if (IS_ERR(fp)) {
		set_fs(USER_DS); /* expect: ds-no-save */
		return PTR_ERR(fp);
	}
	n = vfs_read(fp, (char __user *)cf->blob, cf->len, &pos);
	filp_close(fp, NULL);
	set_fs(old_fs);

	return n == cf->len ? 0 : -EIO;
}
