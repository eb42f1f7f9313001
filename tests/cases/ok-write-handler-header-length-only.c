/* case: a ->write handler copies a header and then the payload that follows it in the same buffer, sized and placed by the header's fields; no pointer is read out of the header, so a kernel_write() caller's buffer is only read where it passed it: silent */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

struct fw_hdr {
	u32 len;
	u32 offset;
};

static u8 fw_store[4096];

static ssize_t fw_write(struct file *filp, const char __user *buf, size_t len, loff_t *pos)
{
	struct fw_hdr hdr;

	if (len < sizeof(hdr))
		return -EINVAL;
	if (copy_from_user(&hdr, buf, sizeof(hdr)))
		return -EFAULT;
	if (hdr.len > sizeof(fw_store) || hdr.offset > len - sizeof(hdr) ||
	    hdr.len > len - sizeof(hdr) - hdr.offset)
		return -EINVAL;
	if (copy_from_user(fw_store, buf + sizeof(hdr) + hdr.offset, hdr.len))
		return -EFAULT;
	return len;
}

static const struct file_operations fw_fops = {
	.owner	= THIS_MODULE,
	.write	= fw_write,
};
