/* case: the cleanup label sits after set_fs(old_fs), so a goto from inside the window skips it */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

struct crashlog {
	const char *path;
	char *buf;
	size_t len;
};

static int crashlog_save(struct crashlog *cl)
{
	struct file *fp;
	mm_segment_t old_fs;
	loff_t pos = 0;
	int ret;

	fp = filp_open(cl->path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (IS_ERR(fp))
		return PTR_ERR(fp);

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	ret = vfs_write(fp, (const char __user *)cl->buf, cl->len, &pos);
	if (ret < 0)
		goto out;
	ret = vfs_fsync(fp, 0);
	set_fs(old_fs);
out:
	filp_close(fp, NULL);
	return ret; /* expect: ds-unbalanced */
}
