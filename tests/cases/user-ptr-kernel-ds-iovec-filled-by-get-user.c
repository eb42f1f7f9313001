/* case: sparc64's sys32_readv() before 2.1.43: each iov_base of a kernel iovec array is read from the user's 32-bit iovec with __get_user() into the field itself (the destination cast to an integer, as only a pointer field needs), then the array goes to sys_readv() under KERNEL_DS, whose native code follows every iov_base: readv writes where the user chose, reported (writev the same); a kernel iovec whose buffers are the kernel's own, its lengths read with __get_user() uncast, is silent; so is a 32-bit ioctl translation (blkpg_ioctl_trans) that reads the user's data pointer into its kernel copy the same way but, in the branch that calls the native handler, replaces it with a kernel buffer first */
#include <linux/kernel.h>
#include <linux/uio.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

struct iovec32 {
	u32 iov_base;
	u32 iov_len;
};

extern long sys_readv(unsigned long fd, const struct iovec *vec, unsigned long vlen);
extern long sys_writev(unsigned long fd, const struct iovec *vec, unsigned long vlen);

asmlinkage long sys32_readv_demo(u32 fd, struct iovec32 *vector, u32 count)
{
	struct iovec vf[8];
	struct iovec *v = vf;
	mm_segment_t old_fs;
	long ret;
	u32 i;

	if (count > 8)
		return -EINVAL;
	for (i = 0; i < count; i++) {
		if (__get_user((unsigned long)(v[i].iov_base), &vector[i].iov_base) ||
		    __get_user(v[i].iov_len, &vector[i].iov_len))
			return -EFAULT;
	}
	old_fs = get_fs();
	set_fs(KERNEL_DS);
	ret = sys_readv((unsigned long)fd, v, (unsigned long)count); /* expect: user-ptr-kernel-ds */
	set_fs(old_fs);
	return ret;
}

asmlinkage long sys32_writev_bounce(u32 fd, struct iovec32 *vector, u32 count)
{
	struct iovec v[8];
	char *bounce;
	mm_segment_t old_fs;
	long ret;
	u32 i;

	if (count > 8)
		return -EINVAL;
	bounce = kmalloc(count * 256, GFP_KERNEL);
	if (!bounce)
		return -ENOMEM;
	for (i = 0; i < count; i++) {
		v[i].iov_base = bounce + i * 256;
		if (__get_user(v[i].iov_len, &vector[i].iov_len) || v[i].iov_len > 256) {
			kfree(bounce);
			return -EFAULT;
		}
	}
	old_fs = get_fs();
	set_fs(KERNEL_DS);
	ret = sys_writev((unsigned long)fd, v, (unsigned long)count);
	set_fs(old_fs);
	kfree(bounce);
	return ret;
}

struct blkpg_arg_demo {
	int op;
	int datalen;
	void *data;
};

struct blkpg_arg_demo32 {
	int op;
	int datalen;
	u32 data;
};

extern long sys_ioctl(unsigned int fd, unsigned int cmd, unsigned long arg);

static int blkpg_trans_demo(unsigned int fd, unsigned int cmd, struct blkpg_arg_demo32 *arg)
{
	struct blkpg_arg_demo a;
	char part[64];
	mm_segment_t old_fs = get_fs();
	int err;

	err = get_user(a.op, &arg->op);
	err |= __get_user(a.datalen, &arg->datalen);
	err |= __get_user((long)a.data, &arg->data);
	if (err)
		return err;
	switch (a.op) {
	case 1:
		if (a.datalen > sizeof(part))
			return -EINVAL;
		if (copy_from_user(part, a.data, a.datalen))
			return -EFAULT;
		a.data = part;
		set_fs(KERNEL_DS);
		err = sys_ioctl(fd, cmd, (unsigned long)&a);
		set_fs(old_fs);
		return err;
	default:
		return -EINVAL;
	}
}
