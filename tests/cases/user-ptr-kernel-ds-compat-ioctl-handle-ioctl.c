/* case: the 32-bit ioctl translations of 2.4-2.6.13 name their handlers in a table of HANDLE_IOCTL(cmd, handler) lines with no ';' (x86-64's ia32_ioctl.c) or hand them to register_ioctl32_conversion(); the handler's third parameter is the user's argument whatever its declared type, so copying from it after raising the limit lets the user pick a kernel address (serial_struct_ioctl, fixed in 2.5): reported; a handler that copies in before raising is not */
#include <linux/fs.h>
#include <linux/serial.h>
#include <linux/uaccess.h>

struct serial_struct32;
extern asmlinkage long sys_ioctl(unsigned int fd, unsigned int cmd, unsigned long arg);
extern int register_ioctl32_conversion(unsigned int cmd, int (*handler)(unsigned int, unsigned int, unsigned long, struct file *));

static int serial_struct_ioctl(unsigned fd, unsigned cmd, void *ptr)
{
	struct serial_struct ss;
	mm_segment_t oldseg = get_fs();
	int err = 0;

	set_fs(KERNEL_DS);
	if (copy_from_user(&ss, ptr, sizeof(ss))) /* expect: user-ptr-kernel-ds */
		err = -EFAULT;
	else
		err = sys_ioctl(fd, cmd, (unsigned long)&ss);
	set_fs(oldseg);
	return err;
}

static int serial_struct_ioctl_fixed(unsigned fd, unsigned cmd, void *ptr)
{
	struct serial_struct ss;
	mm_segment_t oldseg;
	int err;

	if (copy_from_user(&ss, ptr, sizeof(ss)))
		return -EFAULT;
	oldseg = get_fs();
	set_fs(KERNEL_DS);
	err = sys_ioctl(fd, cmd, (unsigned long)&ss);
	set_fs(oldseg);
	return err;
}

static int mtd_rw_oob(unsigned int fd, unsigned int cmd, unsigned long arg, struct file *file)
{
	char buf[16];
	mm_segment_t old_fs = get_fs();
	int err;

	set_fs(KERNEL_DS);
	err = copy_to_user((void *)arg, buf, sizeof(buf)) ? -EFAULT : 0; /* expect: user-ptr-kernel-ds */
	set_fs(old_fs);
	return err;
}

static int __init ioctl32_init(void)
{
	return register_ioctl32_conversion(0x4d04, mtd_rw_oob);
}

#define HANDLE_IOCTL(cmd, handler) asm volatile(".quad %c0, " #handler ",0" :: "i" (cmd));
#define IOCTL_TABLE_START void ioctl_dummy(void) { asm volatile("\nioctl_start:\n\t");
#define IOCTL_TABLE_END asm volatile("\nioctl_end:"); }

IOCTL_TABLE_START
HANDLE_IOCTL(TIOCGSERIAL, serial_struct_ioctl)
HANDLE_IOCTL(TIOCSSERIAL, serial_struct_ioctl_fixed)
IOCTL_TABLE_END
