/* case: an ioctl sizes a kernel buffer from a user length and reads a file into it under
 * KERNEL_DS: the buffer is the kernel's, whatever the length (no user-ptr-kernel-ds) */
#include <linux/fs.h>
#include <linux/gfp.h>
#include <linux/uaccess.h>

struct ld_req {
	unsigned long len;
	void __user *out;
};

static long ld_read_into(struct file *filp, unsigned long len)
{
	void *base = page_address(alloc_pages(GFP_KERNEL, get_order(len)));
	mm_segment_t old = get_fs();
	loff_t pos = 0;
	long ret;

	if (!base)
		return -ENOMEM;
	set_fs(KERNEL_DS);
	ret = filp->f_op->read(filp, base, len, &pos);
	set_fs(old);
	return ret;
}

static long ld_ioctl(struct file *filp, unsigned int cmd, unsigned long arg)
{
	struct ld_req req;

	if (copy_from_user(&req, (void __user *)arg, sizeof(req)))
		return -EFAULT;
	return ld_read_into(filp, req.len);
}

static const struct file_operations ld_fops = {
	.unlocked_ioctl = ld_ioctl,
};
