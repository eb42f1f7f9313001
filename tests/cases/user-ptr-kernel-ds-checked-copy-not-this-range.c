// SPDX-License-Identifier: GPL-2.0
/*
 * A checked copy tests only the pointer it was given: the address past
 * the header the copy read (arg + sizeof(h)) is untested, a copy made
 * after the raise tests nothing (KERNEL_DS lets every address through),
 * and the branch where the copy failed learnt nothing either.
 */
struct hdr { unsigned int len; };
struct stat32 { int a, b; };

long do_query(unsigned int fd, void *out, unsigned int len);

asmlinkage long sys_legacy_query(unsigned int fd, unsigned long arg)
{
	struct hdr h;
	char buf[64];
	mm_segment_t old_fs;
	long ret;

	if (copy_from_user(&h, (struct hdr __user *)arg, sizeof(h)))
		return -EFAULT;
	if (h.len > sizeof(buf))
		return -EINVAL;
	old_fs = get_fs();
	set_fs(KERNEL_DS);
	ret = do_query(fd, buf, h.len);
	if (!ret && copy_to_user((void __user *)(arg + sizeof(h)), buf, h.len)) /* expect: user-ptr-kernel-ds */
		ret = -EFAULT;
	set_fs(old_fs);
	return ret;
}

asmlinkage long sys_legacy_stat(unsigned int fd, unsigned long arg)
{
	struct stat32 s;
	mm_segment_t old_fs;
	long ret;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	ret = do_query(fd, &s, sizeof(s));
	if (copy_from_user(&s, (struct stat32 __user *)arg, sizeof(s))) { /* expect: user-ptr-kernel-ds */
		set_fs(old_fs);
		return -EFAULT;
	}
	if (copy_to_user((struct stat32 __user *)arg, &s, sizeof(s))) /* expect: user-ptr-kernel-ds */
		ret = -EFAULT;
	set_fs(old_fs);
	return ret;
}

asmlinkage long sys_legacy_peek(unsigned int fd, unsigned long arg)
{
	struct stat32 s;
	mm_segment_t old_fs;
	long ret = 0;

	if (!copy_from_user(&s, (struct stat32 __user *)arg, sizeof(s)))
		return do_query(fd, &s, sizeof(s));
	old_fs = get_fs();
	set_fs(KERNEL_DS);
	if (copy_to_user((struct stat32 __user *)arg, &s, sizeof(s))) /* expect: user-ptr-kernel-ds */
		ret = -EFAULT;
	set_fs(old_fs);
	return ret;
}
