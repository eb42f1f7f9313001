/* case: sx_fw_open() saves the caller's limit in a file-scope variable and raises, restoring on its own error paths (which return negative); sx_fw_close() restores from the variable (this file: the helpers) */
#include <linux/fs.h>
#include <linux/err.h>
#include <linux/uaccess.h>

static mm_segment_t sx_saved_fs;
static struct file *sx_fw_fp;
static loff_t sx_fw_pos;

int sx_fw_open(const char *path)
{
	sx_saved_fs = get_fs();
	set_fs(KERNEL_DS);
	sx_fw_fp = filp_open(path, O_RDONLY, 0);
	if (IS_ERR(sx_fw_fp)) {
		set_fs(sx_saved_fs);
		return PTR_ERR(sx_fw_fp);
	}
	if (!sx_fw_fp->f_op) {
		filp_close(sx_fw_fp, NULL);
		set_fs(sx_saved_fs);
		return -ENODEV;
	}
	sx_fw_pos = 0;
	return 0;
}

ssize_t sx_fw_read(void *buf, size_t len)
{
	return vfs_read(sx_fw_fp, (char __user *)buf, len, &sx_fw_pos);
}

void sx_fw_close(void)
{
	filp_close(sx_fw_fp, NULL);
	set_fs(sx_saved_fs);
}
