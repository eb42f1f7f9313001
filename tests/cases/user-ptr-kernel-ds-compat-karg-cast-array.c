/* case: compat conversions done in the handler itself: a 32-bit struct copied in whole, its buffer field cast to a __user pointer into the kernel struct and handed through f_op->unlocked_ioctl under KERNEL_DS; and an array of pointers rebuilt with compat_ptr() hung on a kernel struct given to an extern ioctl routine under KERNEL_DS; each call is reported, the calls with a struct of plain values are not */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/compat.h>
#include <linux/uaccess.h>

#define PCM_XFER	_IOW('P', 1, struct pcm_xfer)
#define PCM_XFER32	_IOW('P', 1, struct pcm_xfer32)
#define PCM_RATE	_IOW('P', 2, struct pcm_rate)
#define PCM_XFERN	_IOW('P', 3, struct pcm_xfern)
#define PCM_XFERN32	_IOW('P', 3, struct pcm_xfern32)

struct pcm_xfer {
	u32 frames;
	void __user *buf;
};

struct pcm_xfer32 {
	u32 frames;
	u32 buf;
};

struct pcm_rate {
	u32 rate;
	u32 channels;
};

struct pcm_xfern {
	u32 frames;
	void __user **bufs;
};

struct pcm_xfern32 {
	u32 frames;
	u32 bufs[4];
};

struct pcm_sub;
long pcm_sub_ioctl(struct pcm_sub *sub, unsigned int cmd, unsigned long arg);

static long pcm_compat_xfer(struct file *file, unsigned long arg)
{
	struct pcm_xfer32 k32;
	struct pcm_xfer karg;
	struct pcm_rate rate;
	mm_segment_t old_fs;
	long err;

	if (copy_from_user(&k32, compat_ptr(arg), sizeof(k32)))
		return -EFAULT;
	karg.frames = k32.frames;
	karg.buf = (void __user *)(unsigned long)k32.buf;
	rate.rate = k32.frames;
	rate.channels = 2;
	old_fs = get_fs();
	set_fs(KERNEL_DS);
	err = file->f_op->unlocked_ioctl(file, PCM_RATE, (unsigned long)&rate);
	if (!err)
		err = file->f_op->unlocked_ioctl(file, PCM_XFER, (unsigned long)&karg); /* expect: user-ptr-kernel-ds */
	set_fs(old_fs);
	return err;
}

static long pcm_compat_xfern(struct pcm_sub *sub, struct pcm_xfern32 __user *up)
{
	void __user *bufs[4];
	struct pcm_xfern kx;
	mm_segment_t old_fs;
	compat_caddr_t p;
	long err;
	int i;

	if (get_user(kx.frames, &up->frames))
		return -EFAULT;
	for (i = 0; i < 4; i++) {
		if (get_user(p, &up->bufs[i]))
			return -EFAULT;
		bufs[i] = compat_ptr(p);
	}
	kx.bufs = bufs;
	old_fs = get_fs();
	set_fs(KERNEL_DS);
	err = pcm_sub_ioctl(sub, PCM_XFERN, (unsigned long)&kx); /* expect: user-ptr-kernel-ds */
	set_fs(old_fs);
	return err;
}

static long pcm_compat_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	switch (cmd) {
	case PCM_XFER32:
		return pcm_compat_xfer(file, arg);
	case PCM_XFERN32:
		return pcm_compat_xfern(file->private_data, compat_ptr(arg));
	}
	return -ENOIOCTLCMD;
}

static const struct file_operations pcm_fops = {
	.owner		= THIS_MODULE,
	.compat_ioctl	= pcm_compat_ioctl,
};
