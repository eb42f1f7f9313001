/* case: the struct the ioctl copies in is declared in a header of the
 * tree: its char array member is an address inside the kernel's copy (no
 * finding where the log file it names is stat'ed under KERNEL_DS, the
 * Huawei boot-failure driver's shape), its pointer member is the user's. */
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <linux/syscalls.h>
#include "../include/bfm_core.h"

static long bfm_log_length(const char *path)
{
	mm_segment_t old_fs = get_fs();
	struct stat st;
	long ret;

	set_fs(KERNEL_DS);
	ret = sys_newlstat(path, &st);
	set_fs(old_fs);
	return ret ? 0 : (long)st.st_size;
}

static long bfm_dump_length(const char *path)
{
	mm_segment_t old_fs = get_fs();
	struct stat st;
	long ret;

	set_fs(KERNEL_DS);
	ret = sys_newlstat(path, &st); /* expect: user-ptr-kernel-ds */
	set_fs(old_fs);
	return ret ? 0 : (long)st.st_size;
}

static long bfm_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct bfm_boot_fail_info *info = kmalloc(sizeof(*info), GFP_KERNEL);
	long len;

	if (!info)
		return -ENOMEM;
	if (copy_from_user(info, (void __user *)arg, sizeof(*info))) {
		kfree(info);
		return -EFAULT;
	}
	if (cmd == 1)
		len = bfm_log_length(info->log_path);
	else
		len = bfm_dump_length(info->dump_path);
	kfree(info);
	return len;
}

static const struct file_operations bfm_fops = {
	.unlocked_ioctl = bfm_ioctl,
};
