/* case: a debug dump raises the limit, opens its file with filp_open() and tests the result against NULL (filp_open never returns NULL: an error pointer passes the test) before calling through fp->f_op (bcmdhd write_to_file) */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>
#include <linux/slab.h>

int mem_dump_write(void *buf, int size)
{
	int ret = 0;
	struct file *fp;
	mm_segment_t old_fs;
	loff_t pos = 0;

	old_fs = get_fs();
	set_fs(KERNEL_DS);

	fp = filp_open("/tmp/mem_dump", O_WRONLY | O_CREAT, 0640);
	if (!fp) {
		pr_err("open file error\n");
		ret = -1;
		goto exit;
	}

	fp->f_op->write(fp, (char __user *)buf, size, &pos); /* expect: oops-in-window */

exit:
	kfree(buf);
	if (fp)
		filp_close(fp, current->files);
	set_fs(old_fs);
	return ret;
}

int cal_save(const char *path, const u8 *data, size_t len)
{
	struct file *cal_filp = NULL;
	mm_segment_t old_fs = get_fs();
	loff_t pos = 0;
	int err = 0;

	set_fs(KERNEL_DS);
	cal_filp = filp_open(path, O_CREAT | O_TRUNC | O_WRONLY | O_SYNC, 0660);
	if (cal_filp == NULL) {
		set_fs(old_fs);
		return -ENOENT;
	}
	if (vfs_write(cal_filp, (const char __user *)data, len, &pos) != len) /* expect: oops-in-window */
		err = -EIO;
	filp_close(cal_filp, current->files);
	set_fs(old_fs);
	return err;
}
