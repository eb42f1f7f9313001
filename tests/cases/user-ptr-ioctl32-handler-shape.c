/* case: user-ptr-kernel-ds: a 32-bit ioctl translation of 2.4-2.6.13, handler(fd, cmd, arg, file[, native]) with the user's argument third, registered through a subsystem's own table filled by macros (ALSA's ioctl32_mapper: `{ CMD32, AP(ctl_elem_info) }` with AP() pasting the name, the wrapper itself defined by DEFINE_ALSA_IOCTL_ENTRY()): found by its parameter types alone; it raises the limit first and then copies the user's argument in and out (_snd_ioctl32_ctl_elem_info() before c4eeeab42e "ALSA update [8/12]") */
#include <linux/fs.h>
#include <linux/uaccess.h>

struct elem_info { unsigned int id; unsigned int type; unsigned int count; };
struct elem_info32 { unsigned int id; unsigned int type; unsigned int count; };

#define DEFINE_ALSA_IOCTL_ENTRY(name, type, native_ctl) \
static int snd_ioctl32_##name(unsigned int fd, unsigned int cmd, unsigned long arg, struct file *file) {\
	return _snd_ioctl32_##type(fd, cmd, arg, file, native_ctl);\
}
#define AP(x) snd_ioctl32_##x

struct ioctl32_mapper {
	unsigned int cmd;
	int (*handler)(unsigned int, unsigned int, unsigned long, struct file *);
};

static int _snd_ioctl32_ctl_elem_info(unsigned int fd, unsigned int cmd, unsigned long arg,
				      struct file *file, unsigned int native_ctl)
{
	struct elem_info data;
	struct elem_info32 data32;
	int err;
	mm_segment_t oldseg = get_fs();

	set_fs(KERNEL_DS);
	if (copy_from_user(&data32, (void *)arg, sizeof(data32))) { /* expect: user-ptr-kernel-ds */
		err = -EFAULT;
		goto out;
	}
	data.id = data32.id;
	err = file->f_op->ioctl(file->f_dentry->d_inode, file, native_ctl, (unsigned long)&data);
	if (err < 0)
		goto out;
	data32.type = data.type;
	data32.count = data.count;
	if (copy_to_user((void *)arg, &data32, sizeof(data32))) /* expect: user-ptr-kernel-ds */
		err = -EFAULT;
out:
	set_fs(oldseg);
	return err;
}

DEFINE_ALSA_IOCTL_ENTRY(ctl_elem_info, ctl_elem_info, 0x5511);

static struct ioctl32_mapper control_mappers[] = {
	{ 0x5511, AP(ctl_elem_info) },
	{ 0 }
};
