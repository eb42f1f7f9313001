/* case: a 32-bit ioctl conversion fetches the user's buffer address with get_user() into an integer and stores it into the native struct with a plain pointer cast (no compat_ptr(), no __user mark, as drivers written before sparse did), then calls sys_ioctl() with the kernel struct under KERNEL_DS: the native handler copies from that user address with the limit raised: reported; the same conversion that first copies the data into a kernel buffer is not */
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/syscalls.h>
#include <linux/uaccess.h>

#define XFER_CMD	0x4d01

struct xfer {
	unsigned int len;
	unsigned char *data;
};

struct xfer32 {
	unsigned int len;
	u32 data;
};

static int xfer_ioctl32(unsigned int fd, unsigned int cmd, unsigned long arg)
{
	struct xfer32 *up = (struct xfer32 *)arg;
	struct xfer kx;
	mm_segment_t saved;
	unsigned long addr;
	int err = 0;

	err |= get_user(kx.len, &up->len);
	err |= get_user(addr, &up->data);
	if (err)
		return -EFAULT;
	kx.data = (unsigned char *)addr;
	saved = get_fs();
	set_fs(KERNEL_DS);
	err = sys_ioctl(fd, XFER_CMD, (unsigned long)&kx); /* expect: user-ptr-kernel-ds */
	set_fs(saved);
	return err;
}

static int xfer_ioctl32_copied(unsigned int fd, unsigned int cmd, unsigned long arg)
{
	struct xfer32 *up = (struct xfer32 *)arg;
	struct xfer kx;
	mm_segment_t saved;
	unsigned long addr;
	int err = 0;

	err |= get_user(kx.len, &up->len);
	err |= get_user(addr, &up->data);
	if (err || kx.len > 4096)
		return -EFAULT;
	kx.data = kmalloc(kx.len, GFP_KERNEL);
	if (!kx.data)
		return -ENOMEM;
	if (copy_from_user(kx.data, (void __user *)addr, kx.len)) {
		kfree(kx.data);
		return -EFAULT;
	}
	saved = get_fs();
	set_fs(KERNEL_DS);
	err = sys_ioctl(fd, XFER_CMD, (unsigned long)&kx);
	set_fs(saved);
	kfree(kx.data);
	return err;
}

static const struct file_operations xfer_fops = {
	.compat_ioctl = (void *)xfer_ioctl32,
};

static const struct file_operations xfer_copied_fops = {
	.compat_ioctl = (void *)xfer_ioctl32_copied,
};
