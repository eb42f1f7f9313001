/* case: an ioctl and its script helper call each other (the helper replays each step through the ioctl with a kernel pointer under KERNEL_DS) and the helper restores before it checks the result: silent, and the recursion terminates */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

#define ISP_IOC_SET_GAIN	_IOW('I', 1, struct isp_gain)
#define ISP_IOC_GET_GAIN	_IOR('I', 2, struct isp_gain)
#define ISP_IOC_SCRIPT		_IOW('I', 3, struct isp_script_hdr)
#define ISP_MAX_STEPS		32

struct isp_gain {
	u16 analog;
	u16 digital;
};

struct isp_step {
	u32 cmd;
	union {
		struct isp_gain gain;
		u8 raw[16];
	} u;
};

struct isp_script_hdr {
	u32 nr_steps;
	u32 reserved;
};

struct isp_script {
	struct isp_script_hdr hdr;
	struct isp_step steps[];
};

struct isp_dev {
	struct isp_gain gain;
};

int isp_apply_gain(struct isp_dev *isp, const struct isp_gain *g);
static long isp_ioctl(struct file *file, unsigned int cmd, unsigned long arg);

static long isp_run_script(struct file *file, struct isp_script __user *us)
{
	struct isp_script_hdr hdr;
	struct isp_step st;
	mm_segment_t old_fs;
	long ret;
	u32 i;

	if (copy_from_user(&hdr, &us->hdr, sizeof(hdr)))
		return -EFAULT;
	if (hdr.nr_steps > ISP_MAX_STEPS)
		return -E2BIG;

	for (i = 0; i < hdr.nr_steps; i++) {
		if (copy_from_user(&st, &us->steps[i], sizeof(st)))
			return -EFAULT;
		if (st.cmd == ISP_IOC_SCRIPT)
			return -EINVAL;
		old_fs = get_fs();
		set_fs(KERNEL_DS);
		ret = isp_ioctl(file, st.cmd, (unsigned long)&st.u);
		set_fs(old_fs);
		if (ret < 0)
			return ret;
	}
	return 0;
}

static long isp_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct isp_dev *isp = file->private_data;
	void __user *argp = (void __user *)arg;
	struct isp_gain g;

	switch (cmd) {
	case ISP_IOC_SET_GAIN:
		if (copy_from_user(&g, argp, sizeof(g)))
			return -EFAULT;
		return isp_apply_gain(isp, &g);
	case ISP_IOC_GET_GAIN:
		g = isp->gain;
		return copy_to_user(argp, &g, sizeof(g)) ? -EFAULT : 0;
	case ISP_IOC_SCRIPT:
		return isp_run_script(file, argp);
	default:
		return -ENOTTY;
	}
}

static const struct file_operations isp_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= isp_ioctl,
};
