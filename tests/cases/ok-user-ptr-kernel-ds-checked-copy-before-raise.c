// SPDX-License-Identifier: GPL-2.0
/*
 * The oabi fcntl64 shape: the user's struct is copied in by a checked
 * copy_from_user() while the limit is USER_DS, converted, handed to the
 * native code under KERNEL_DS, and copied back out to the same pointer
 * inside the window.  The copy in tested the pointer as access_ok() would
 * (it returned 0 only for a user range), so the copy out under KERNEL_DS
 * cannot reach kernel memory: no user-ptr-kernel-ds.
 */
struct flock32 { short type; long long start, len; };
struct flock64 { short type; long long start, len; };
#define F_GETLK64 12
#define F_SETLK64 13

long do_fcntl(unsigned int fd, unsigned int cmd, unsigned long arg);

asmlinkage long sys_legacy_fcntl64(unsigned int fd, unsigned int cmd, unsigned long arg)
{
	struct flock32 u;
	struct flock64 k;
	mm_segment_t old_fs;
	long ret;

	if (cmd != F_GETLK64 && cmd != F_SETLK64)
		return do_fcntl(fd, cmd, arg);
	if (copy_from_user(&u, (struct flock32 __user *)arg, sizeof(u)))
		return -EFAULT;
	k.type = u.type;
	k.start = u.start;
	k.len = u.len;
	old_fs = get_fs();
	set_fs(KERNEL_DS);
	ret = do_fcntl(fd, cmd, (unsigned long)&k);
	if (!ret && cmd == F_GETLK64) {
		u.type = k.type;
		u.start = k.start;
		u.len = k.len;
		if (copy_to_user((struct flock32 __user *)arg, &u, sizeof(u)))
			ret = -EFAULT;
	}
	set_fs(old_fs);
	return ret;
}
