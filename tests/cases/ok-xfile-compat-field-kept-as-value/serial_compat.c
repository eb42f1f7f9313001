/* case: fs/compat_ioctl.c's serial_struct_ioctl: the 32-bit iomem_base is widened with compat_ptr() into the kernel struct, which goes to the native ioctl under KERNEL_DS; the native handler (the other file) copies the struct in and out whole and keeps iomem_base as an I/O address (a value), and no analysed code follows a field of that name as a user pointer: silent */
#include <linux/fs.h>
#include <linux/compat.h>
#include <linux/uaccess.h>
#include <linux/serial.h>

struct serial_struct32 {
	compat_int_t type;
	compat_int_t line;
	compat_uint_t port;
	compat_int_t irq;
	compat_uint_t iomem_base;
	unsigned short iomem_reg_shift;
	unsigned int port_high;
};

long serial_native_ioctl(unsigned int fd, unsigned int cmd, unsigned long arg);

static int serial_struct_ioctl(unsigned fd, unsigned cmd, struct serial_struct32 __user *ss32)
{
	struct serial_struct ss;
	mm_segment_t oldseg = get_fs();
	__u32 udata;
	unsigned int base;
	int err;

	if (cmd == TIOCSSERIAL) {
		if (__copy_from_user(&ss, ss32, offsetof(struct serial_struct32, iomem_base)))
			return -EFAULT;
		if (__get_user(udata, &ss32->iomem_base))
			return -EFAULT;
		ss.iomem_base = compat_ptr(udata);
		if (__get_user(ss.iomem_reg_shift, &ss32->iomem_reg_shift))
			return -EFAULT;
	}
	set_fs(KERNEL_DS);
	err = serial_native_ioctl(fd, cmd, (unsigned long)(&ss));
	set_fs(oldseg);
	if (cmd == TIOCGSERIAL && err >= 0) {
		if (__copy_to_user(ss32, &ss, offsetof(struct serial_struct32, iomem_base)))
			return -EFAULT;
		base = (unsigned long)ss.iomem_base >> 32 ?
			0xffffffff : (unsigned)(unsigned long)ss.iomem_base;
		if (__put_user(base, &ss32->iomem_base))
			return -EFAULT;
	}
	return err;
}

long serial_compat_ioctl(unsigned int fd, unsigned int cmd, unsigned long arg)
{
	return serial_struct_ioctl(fd, cmd, compat_ptr(arg));
}
