/* case: two different early returns inside the window of one syscall each leak; the normal return does not */
#include <linux/syscalls.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#define KLOG_MAGIC	0x4b4c4f47

struct klog_hdr {
	u32 magic;
	u32 len;
};

static struct file *klog_store;

SYSCALL_DEFINE3(klog_fetch, unsigned int, idx, void __user *, ubuf, size_t, size)
{
	struct klog_hdr hdr;
	mm_segment_t old_fs;
	loff_t pos = (loff_t)idx * PAGE_SIZE;
	void *kbuf;
	ssize_t ret;

	if (!klog_store)
		return -ENOENT;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	ret = vfs_read(klog_store, (char __user *)&hdr, sizeof(hdr), &pos);
	if (ret != sizeof(hdr))
		return -EIO; /* expect: ds-leak */
	if (hdr.magic != KLOG_MAGIC || hdr.len > size)
		return -EINVAL; /* expect: ds-leak */
	kbuf = kmalloc(hdr.len, GFP_KERNEL);
	if (!kbuf) {
		set_fs(old_fs);
		return -ENOMEM;
	}
	ret = vfs_read(klog_store, (char __user *)kbuf, hdr.len, &pos);
	set_fs(old_fs);

	if (ret > 0 && copy_to_user(ubuf, kbuf, ret))
		ret = -EFAULT;
	kfree(kbuf);
	return ret;
}
