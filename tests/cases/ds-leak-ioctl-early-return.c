/* case: an ioctl switch case returns the backend's error while the limit is still KERNEL_DS */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#define NVC_IOC_RESET		_IO('N', 1)
#define NVC_IOC_GET_STATS	_IOR('N', 2, struct nvc_stats)
#define BACKEND_GET_STATS	0x4e01

struct nvc_stats {
	u64 rx_frames;
	u64 tx_frames;
	u32 errors;
};

struct nvc_backend {
	long (*ioctl)(struct nvc_backend *be, unsigned int cmd, unsigned long arg);
};

struct nvc_dev {
	struct nvc_backend *backend;
};

int nvc_hw_reset(struct nvc_dev *nvc);

static long nvc_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct nvc_dev *nvc = file->private_data;
	struct nvc_stats stats;
	mm_segment_t old_fs;
	long ret;

	switch (cmd) {
	case NVC_IOC_RESET:
		return nvc_hw_reset(nvc);
	case NVC_IOC_GET_STATS:
		memset(&stats, 0, sizeof(stats));
		old_fs = get_fs();
		set_fs(KERNEL_DS);
		ret = nvc->backend->ioctl(nvc->backend, BACKEND_GET_STATS, (unsigned long)&stats);
		if (ret)
			return ret; /* expect: ds-leak */
		set_fs(old_fs);
		if (copy_to_user((void __user *)arg, &stats, sizeof(stats)))
			return -EFAULT;
		return 0;
	default:
		return -ENOTTY;
	}
}

static const struct file_operations nvc_fops = {
	.owner		= THIS_MODULE,
	.open		= nonseekable_open,
	.unlocked_ioctl	= nvc_ioctl,
};
