/* case: on a corrupt table a GPU driver opens /proc/sysrq-trigger through a helper that raises
 * the limit on success (a conditional setter: ds-unbalanced there), and writes 'c' to crash the
 * machine on purpose: that path never returns, so the ioctl does not leak */
#include <linux/fs.h>
#include <linux/uaccess.h>

static int gpu_open_file(const char *name, struct file **fp, mm_segment_t *old_fs)
{
	struct file *f = filp_open(name, O_WRONLY, 0);

	if (IS_ERR(f))
		return -ENOENT;
	*fp = f;
	*old_fs = get_fs();
	set_fs(KERNEL_DS);
	return 0; /* expect: ds-unbalanced */
}

static void gpu_write_file(struct file *fp, const char *buf, size_t len)
{
	fp->f_op->write(fp, buf, len, &fp->f_pos);
}

static long gpu_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct file *f;
	mm_segment_t fs;

	switch (cmd) {
	case 1:
		return 0;
	default:
		pr_err("gpu: page table corrupted\n");
		gpu_open_file("/proc/sysrq-trigger", &f, &fs);
		gpu_write_file(f, "c", 1);
		return -EFAULT;
	}
}

static const struct file_operations gpu_fops = {
	.unlocked_ioctl = gpu_ioctl,
};
