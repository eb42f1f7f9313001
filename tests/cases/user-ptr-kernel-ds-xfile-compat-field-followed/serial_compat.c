/* case: the twin of ok-xfile-compat-field-kept-as-value whose native handler (the other file) does follow iomem_base: it casts the field to a __user pointer and copies a status block there, so under KERNEL_DS the address user space put in the 32-bit struct is written to */
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
	err = serial_native_ioctl(fd, cmd, (unsigned long)(&ss)); /* expect: user-ptr-kernel-ds */
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
