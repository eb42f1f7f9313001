/* case: a compat handler stores a compat_alloc_user_space() buffer into the kernel copy it hands
 * to the native handler under KERNEL_DS (uvc before a44323e2a8f3): the address was checked when
 * reserved, but user space may rewrite what the buffer holds, and on separate address spaces
 * (s390) the native copy_from_user() reads kernel memory there */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/compat.h>
#include <linux/uaccess.h>

struct xu_menu { u32 value; u8 name[32]; };
struct xu_mapping { u32 id; u32 menu_count; struct xu_menu __user *menu_info; };
struct xu_mapping32 { u32 id; u32 menu_count; compat_caddr_t menu_info; };

static long xu_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct xu_mapping *xmap = (struct xu_mapping *)arg;
	struct xu_menu m;

	if (copy_from_user(&m, xmap->menu_info, sizeof(m)))
		return -EFAULT;
	return 0;
}

static int get_xu_mapping(struct xu_mapping *kp, struct xu_mapping32 __user *up)
{
	struct xu_menu __user *umenus, *kmenus;
	compat_caddr_t p;

	if (get_user(kp->menu_count, &up->menu_count) || get_user(p, &up->menu_info))
		return -EFAULT;
	umenus = compat_ptr(p);
	kmenus = compat_alloc_user_space(kp->menu_count * sizeof(*kmenus));
	if (!kmenus)
		return -EFAULT;
	kp->menu_info = kmenus;
	if (copy_in_user(kmenus, umenus, kp->menu_count * sizeof(*umenus)))
		return -EFAULT;
	return 0;
}

static long xu_compat_ioctl32(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct xu_mapping karg;
	mm_segment_t old_fs;
	long ret;

	ret = get_xu_mapping(&karg, compat_ptr(arg));
	if (ret)
		return ret;
	old_fs = get_fs();
	set_fs(KERNEL_DS);
	ret = xu_ioctl(file, cmd, (unsigned long)&karg); /* expect: user-ptr-kernel-ds */
	set_fs(old_fs);
	return ret;
}

static const struct file_operations xu_fops = {
	.unlocked_ioctl = xu_ioctl,
	.compat_ioctl = xu_compat_ioctl32,
};
