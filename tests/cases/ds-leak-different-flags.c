/* case: raise and restore are guarded by two different flags, so one combination leaks */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

#define ISP_IOC_DUMP	_IOW('I', 9, struct isp_dump_req)

struct isp_dump_req {
	u32 flags;
	u32 len;
};

#define ISP_DUMP_TO_FILE	0x1
#define ISP_DUMP_SYNC		0x2

struct isp_dev {
	struct file *dump_file;
	u8 regs[1024];
	loff_t dump_pos;
};

int isp_snapshot_regs(struct isp_dev *isp);

static long isp_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct isp_dev *isp = file->private_data;
	struct isp_dump_req req;
	mm_segment_t old_fs;
	bool to_file, sync;
	long ret;

	if (cmd != ISP_IOC_DUMP)
		return -ENOTTY;
	if (copy_from_user(&req, (void __user *)arg, sizeof(req)))
		return -EFAULT;
	to_file = req.flags & ISP_DUMP_TO_FILE;
	sync = req.flags & ISP_DUMP_SYNC;

	ret = isp_snapshot_regs(isp);
	if (to_file) {
		old_fs = get_fs();
		set_fs(KERNEL_DS);
		ret = vfs_write(isp->dump_file, (const char __user *)isp->regs,
				min_t(u32, req.len, sizeof(isp->regs)), &isp->dump_pos);
	}
	if (sync) {
		vfs_fsync(isp->dump_file, 0);
		set_fs(old_fs);
	}
	return ret; /* expect: ds-leak */
}

static const struct file_operations isp_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= isp_ioctl,
};
