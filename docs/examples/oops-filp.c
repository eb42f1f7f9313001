#include <linux/fs.h>
#include <linux/uaccess.h>

int dump_write(const char *buf, int size)
{
	mm_segment_t old_fs = get_fs();
	struct file *fp;
	loff_t pos = 0;

	set_fs(KERNEL_DS);
	fp = filp_open("/data/dump", O_WRONLY | O_CREAT, 0640);
	if (!fp) {
		set_fs(old_fs);
		return -ENOENT;
	}
	vfs_write(fp, (const char __user *)buf, size, &pos);
	filp_close(fp, NULL);
	set_fs(old_fs);
	return 0;
}
