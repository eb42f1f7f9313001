/* case: an ioctl dumps a table to a file under KERNEL_DS; gpuONERROR (from inc/gpu_base.h, via
 * _gpuONERROR) jumps to OnError past the restore when a write fails (this file: the driver) */
#include <linux/fs.h>
#include <linux/uaccess.h>
#include "inc/gpu_base.h"

static int gpu_write(struct file *fp, const void *buf, size_t len)
{
	loff_t pos = fp->f_pos;
	int n = vfs_write(fp, (const char __user *)buf, len, &pos);

	return n == len ? 0 : -EIO;
}

static long gpu_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct file *fp;
	mm_segment_t old_fs;
	int status;
	static const char hdr[] = "gpu dump\n";

	fp = filp_open("/data/gpu.dump", O_WRONLY | O_CREAT, 0600);
	if (IS_ERR(fp))
		return PTR_ERR(fp);
	old_fs = get_fs();
	set_fs(KERNEL_DS);
	gpuONERROR(gpu_write(fp, hdr, sizeof(hdr) - 1));
	set_fs(old_fs);
	filp_close(fp, NULL);
	return 0;

OnError:
	filp_close(fp, NULL);
	return status; /* expect: ds-leak */
}

static const struct file_operations gpu_fops = {
	.unlocked_ioctl = gpu_ioctl,
};
