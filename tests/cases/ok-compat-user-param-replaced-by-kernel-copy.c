/* case: arm's OABI semtimedop copies the user's timeout into a kernel struct and points its parameter at the copy before raising the limit (or passes NULL on): on every path the native call gets the kernel copy or NULL, so the ipc multiplexer that hands `(const struct timespec __user *)fifth` on to it is not reported, although the argument's mask (which does not follow paths) still names the parameter */
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

struct timespec {
	long tv_sec, tv_nsec;
};

asmlinkage long sys_semtimedop(int semid, void __user *tsops, unsigned nsops,
			       const struct timespec __user *timeout)
{
	struct timespec t;

	if (timeout && copy_from_user(&t, timeout, sizeof(t)))
		return -EFAULT;
	return nsops;
}

asmlinkage long sys_oabi_semtimedop(int semid, void __user *tsops, unsigned nsops,
				    const struct timespec __user *timeout)
{
	struct timespec local_timeout;
	mm_segment_t fs;
	long err = 0;

	if (timeout) {
		err |= copy_from_user(&local_timeout, timeout, sizeof(*timeout));
		timeout = &local_timeout;
	}
	if (err)
		return -EFAULT;
	fs = get_fs();
	set_fs(KERNEL_DS);
	err = sys_semtimedop(semid, NULL, nsops, timeout);
	set_fs(fs);
	return err;
}

asmlinkage int sys_oabi_ipc(uint call, int first, int second, int third,
			    void __user *ptr, long fifth)
{
	switch (call & 0xffff) {
	case 4:
		return sys_oabi_semtimedop(first, ptr, second,
					   (const struct timespec __user *)fifth);
	default:
		return -ENOSYS;
	}
}
