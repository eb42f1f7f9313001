/* case: the flag guarding raise and restore is reassigned between them, so the correlation is lost */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

#define DSP_IOC_LOAD_FW		_IO('D', 0x20)
#define DSP_IOC_RUN		_IO('D', 0x21)

struct dsp_dev {
	struct file *img;
	bool cached;
	u8 fw[8192];
};

long dsp_transfer(struct dsp_dev *dsp, unsigned int cmd);

static long dsp_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct dsp_dev *dsp = file->private_data;
	mm_segment_t old_fs;
	bool kernel_buf;
	long ret;

	kernel_buf = (cmd == DSP_IOC_LOAD_FW);
	if (kernel_buf) {
		old_fs = get_fs();
		set_fs(KERNEL_DS);
	}

	ret = dsp_transfer(dsp, cmd);

	kernel_buf = ret > 0 && !dsp->cached;
	if (kernel_buf)
		set_fs(old_fs);

	return ret; /* expect: ds-leak */
}

static const struct file_operations dsp_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= dsp_ioctl,
};
