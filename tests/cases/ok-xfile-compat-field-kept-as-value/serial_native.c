/* case: the native side of ok-xfile-compat-field-kept-as-value: TIOCSSERIAL/TIOCGSERIAL copy struct serial_struct in and out whole; iomem_base becomes the port's mapbase, an address kept as a number, never given to a uaccess routine */
#include <linux/fs.h>
#include <linux/uaccess.h>
#include <linux/serial.h>

struct uart_port {
	unsigned long mapbase;
	unsigned int irq;
	unsigned short regshift;
};

static struct uart_port the_port;

long serial_native_ioctl(unsigned int fd, unsigned int cmd, unsigned long arg)
{
	void __user *argp = (void __user *)arg;
	struct serial_struct tmp;

	switch (cmd) {
	case TIOCSSERIAL:
		if (copy_from_user(&tmp, argp, sizeof(tmp)))
			return -EFAULT;
		the_port.mapbase = (unsigned long)tmp.iomem_base;
		the_port.irq = tmp.irq;
		the_port.regshift = tmp.iomem_reg_shift;
		return 0;
	case TIOCGSERIAL:
		memset(&tmp, 0, sizeof(tmp));
		tmp.iomem_base = (void *)the_port.mapbase;
		tmp.irq = the_port.irq;
		if (copy_to_user(argp, &tmp, sizeof(tmp)))
			return -EFAULT;
		return 0;
	}
	return -ENOIOCTLCMD;
}
