/* case: filp_open() results tested before any use inside the window: IS_ERR, IS_ERR_OR_NULL, PTR_ERR_OR_ZERO, IS_ERR around the assignment, a driver's own `(long)fp < 0` test, an error pointer turned into NULL and NULL-tested (dhd_os_open_image) */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>
#include <linux/err.h>

static int read_is_err(const char *path, char *buf, size_t n)
{
	mm_segment_t old_fs = get_fs();
	struct file *fp;
	loff_t pos = 0;
	int ret;

	set_fs(KERNEL_DS);
	fp = filp_open(path, O_RDONLY, 0);
	if (IS_ERR(fp)) {
		set_fs(old_fs);
		return PTR_ERR(fp);
	}
	ret = vfs_read(fp, (char __user *)buf, n, &pos);
	filp_close(fp, NULL);
	set_fs(old_fs);
	return ret;
}

static int read_or_null(const char *path, char *buf, size_t n)
{
	mm_segment_t old_fs = get_fs();
	struct file *fp;
	int ret = -ENOENT;

	set_fs(KERNEL_DS);
	if (!IS_ERR_OR_NULL(fp = filp_open(path, O_RDONLY, 0))) {
		ret = fp->f_op->read(fp, (char __user *)buf, n, &fp->f_pos);
		filp_close(fp, NULL);
	}
	set_fs(old_fs);
	return ret;
}

static int read_ptr_err_or_zero(const char *path, char *buf, size_t n)
{
	mm_segment_t old_fs = get_fs();
	struct file *fp = filp_open(path, O_RDONLY, 0);
	int ret = PTR_ERR_OR_ZERO(fp);

	if (ret)
		return ret;
	set_fs(KERNEL_DS);
	ret = kernel_read(fp, 0, buf, n);
	set_fs(old_fs);
	filp_close(fp, NULL);
	return ret;
}

static int read_own_test(const char *path, char *buf, size_t n)
{
	mm_segment_t old_fs = get_fs();
	struct file *fp;
	int ret;

	set_fs(KERNEL_DS);
	fp = filp_open(path, O_RDONLY, 0);
	if ((long)fp < 0 || !fp->f_op) {
		set_fs(old_fs);
		return -EIO;
	}
	ret = vfs_read(fp, (char __user *)buf, n, &fp->f_pos);
	filp_close(fp, NULL);
	set_fs(old_fs);
	return ret;
}

static struct file *open_image(const char *path)
{
	struct file *fp = filp_open(path, O_RDONLY, 0);
	if (IS_ERR(fp))
		fp = NULL;
	return fp;
}

static int read_image(const char *path, char *buf, size_t n)
{
	mm_segment_t old_fs = get_fs();
	struct file *fp;
	int ret;

	set_fs(KERNEL_DS);
	fp = filp_open(path, O_RDONLY, 0);
	if (IS_ERR(fp))
		fp = NULL;
	if (!fp) {
		set_fs(old_fs);
		return -ENOENT;
	}
	ret = vfs_read(fp, (char __user *)buf, n, &fp->f_pos);
	filp_close(fp, NULL);
	set_fs(old_fs);
	return ret + (open_image(path) != NULL);
}

int read_all(const char *p, char *b, size_t n)
{
	return read_is_err(p, b, n) + read_or_null(p, b, n) + read_ptr_err_or_zero(p, b, n) +
	       read_own_test(p, b, n) + read_image(p, b, n);
}
