#include <linux/fs.h>
#include <linux/uaccess.h>

struct dbg_req {
	void __user *out;	/* where user space wants the header */
	u32 flags;
};

static long dbg_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct dbg_dev *dd = file->private_data;
	struct dbg_req req;
	mm_segment_t old_fs;
	loff_t pos = 0;
	ssize_t n;

	if (copy_from_user(&req, (void __user *)arg, sizeof(req)))
		return -EFAULT;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	n = vfs_read(dd->fw, (char __user *)dd->hdr, DBG_HDR_SIZE, &pos);
	set_fs(old_fs);
	if (n != DBG_HDR_SIZE)
		return n < 0 ? n : -EIO;
	if (copy_to_user(req.out, dd->hdr, DBG_HDR_SIZE))
		return -EFAULT;
	return 0;
}

static const struct file_operations dbg_fops = { .unlocked_ioctl = dbg_ioctl };
