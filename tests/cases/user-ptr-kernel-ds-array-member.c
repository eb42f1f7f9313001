/* case: a member its struct declares as an array is inside the object.
 * The boot-failure ioctl copies the user's struct in, then stats the log
 * file it names under KERNEL_DS: 'info->log_path' is a char array of the
 * kernel's copy (a kernel address, a Huawei vendor driver's shape), while
 * 'info->dump_path' is a pointer the user wrote.  Likewise through a
 * typedef's name. */
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <linux/syscalls.h>

struct bfm_info {
	int boot_fail_no;
	char log_path[1024];
	char __user *dump_path;
};

typedef struct {
	char name[64], alt[64];
	char __user *uname;
} bfm_name_t;

static long bfm_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct bfm_info *info = kmalloc(sizeof(*info), GFP_KERNEL);
	bfm_name_t n;
	mm_segment_t old_fs;
	struct stat st;
	long ret = 0;

	if (!info)
		return -ENOMEM;
	if (copy_from_user(info, (void __user *)arg, sizeof(*info)) ||
	    copy_from_user(&n, (void __user *)arg, sizeof(n))) {
		kfree(info);
		return -EFAULT;
	}
	old_fs = get_fs();
	set_fs(KERNEL_DS);
	if (cmd == 1)
		ret = sys_newlstat(info->log_path, &st);
	else if (cmd == 2)
		ret = sys_newlstat(info->dump_path, &st); /* expect: user-ptr-kernel-ds */
	else if (cmd == 3)
		ret = sys_newlstat(n.alt, &st);
	set_fs(old_fs);
	kfree(info);
	return ret;
}

static long bfm_compat_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	bfm_name_t n;
	mm_segment_t old_fs;
	struct stat st;
	long ret;

	if (copy_from_user(&n, (void __user *)arg, sizeof(n)))
		return -EFAULT;
	old_fs = get_fs();
	set_fs(KERNEL_DS);
	if (cmd == 1)
		ret = sys_newlstat(n.name, &st);
	else
		ret = sys_newlstat(n.uname, &st); /* expect: user-ptr-kernel-ds */
	set_fs(old_fs);
	return ret;
}

static const struct file_operations bfm_fops = {
	.unlocked_ioctl = bfm_ioctl,
	.compat_ioctl = bfm_compat_ioctl,
};
