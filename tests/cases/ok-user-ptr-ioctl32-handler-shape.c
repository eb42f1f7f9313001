/* case: user-ptr-kernel-ds must not fire: the same 32-bit ioctl translation shape, handler(fd, cmd, arg, file, native), as fixed (c4eeeab42e): the user's argument is copied in and out with the limit at USER_DS, KERNEL_DS only around the native handler that gets a kernel buffer */
#include <linux/fs.h>
#include <linux/uaccess.h>

struct elem_info { unsigned int id; unsigned int type; unsigned int count; };
struct elem_info32 { unsigned int id; unsigned int type; unsigned int count; };

static int _snd_ioctl32_ctl_elem_info(unsigned int fd, unsigned int cmd, unsigned long arg,
				      struct file *file, unsigned int native_ctl)
{
	struct elem_info data;
	struct elem_info32 data32;
	int err;
	mm_segment_t oldseg;

	if (copy_from_user(&data32, (void *)arg, sizeof(data32)))
		return -EFAULT;
	data.id = data32.id;
	oldseg = get_fs();
	set_fs(KERNEL_DS);
	err = file->f_op->ioctl(file->f_dentry->d_inode, file, native_ctl, (unsigned long)&data);
	set_fs(oldseg);
	if (err < 0)
		return err;
	data32.type = data.type;
	data32.count = data.count;
	if (copy_to_user((void *)arg, &data32, sizeof(data32)))
		return -EFAULT;
	return 0;
}
