/* case: a SCSI-generic-like device: ->write copies a request header from
 * user memory into a request kept on the file, ->read later copies the
 * sense data to the pointer that header holds.  The kernel may call ->read
 * under KERNEL_DS (kernel_read, splice), so that stored pointer may be a
 * kernel address (the sg read abuse fixed in 2018).  A header copied into
 * a local, and a ->read that refuses KERNEL_DS callers, are fine. */
#include <linux/fs.h>
#include <linux/uaccess.h>

struct xg_hdr {
	int sb_len;
	void __user *sbp;
	void __user *dxferp;
};

struct xg_request {
	struct xg_hdr header;
	unsigned char sense[32];
	int done;
};

struct xg_fd {
	struct xg_request req;
	struct xg_hdr last;
};

static ssize_t xg_new_write(struct xg_fd *sfp, const char __user *buf, size_t count)
{
	struct xg_hdr *hp = &sfp->req.header;
	struct xg_request *srp = &sfp->req;

	hp = &srp->header;
	if (copy_from_user(hp, buf, sizeof(*hp)))
		return -EFAULT;
	srp->done = 0;
	return count;
}

static ssize_t xg_write(struct file *filp, const char __user *buf, size_t count, loff_t *ppos)
{
	struct xg_fd *sfp = filp->private_data;

	if (segment_eq(get_fs(), KERNEL_DS))
		return -EINVAL;
	return xg_new_write(sfp, buf, count);
}

static ssize_t xg_new_read(struct xg_fd *sfp, char __user *buf, size_t count,
			   struct xg_request *srp)
{
	struct xg_hdr *hp = &srp->header;
	struct xg_hdr local;

	if (hp->sb_len > 0 && copy_to_user(hp->sbp, srp->sense, 8)) /* expect: user-ptr-kernel-ds */
		return -EFAULT;
	/* a copy of this call's own header, into a local: this buffer's bytes */
	if (copy_from_user(&local, buf, sizeof(local)))
		return -EFAULT;
	if (copy_to_user(buf, hp, sizeof(*hp)))
		return -EFAULT;
	return count;
}

static ssize_t xg_read(struct file *filp, char __user *buf, size_t count, loff_t *ppos)
{
	struct xg_fd *sfp = filp->private_data;

	if (!sfp->req.done)
		return -EAGAIN;
	return xg_new_read(sfp, buf, count, &sfp->req);
}

static const struct file_operations xg_fops = {
	.read = xg_read,
	.write = xg_write,
};

/* the same device, fixed: ->read refuses KERNEL_DS callers first */
struct yg_fd {
	struct xg_request req;
};

static ssize_t yg_write(struct file *filp, const char __user *buf, size_t count, loff_t *ppos)
{
	struct yg_fd *sfp = filp->private_data;

	if (copy_from_user(&sfp->req.header, buf, sizeof(sfp->req.header)))
		return -EFAULT;
	return count;
}

static ssize_t yg_read(struct file *filp, char __user *buf, size_t count, loff_t *ppos)
{
	struct yg_fd *sfp = filp->private_data;

	if (uaccess_kernel())
		return -EACCES;
	if (copy_to_user(sfp->req.header.sbp, sfp->req.sense, 8))
		return -EFAULT;
	return count;
}

static const struct file_operations yg_fops = {
	.read = yg_read,
	.write = yg_write,
};
