/* case: an `open` member of a driver's own struct (not an input device: neither its type nor its name says input) is not an entry point, so a raised return is ds-unbalanced */
#include <linux/fs.h>
#include <linux/uaccess.h>

struct modem_port {
	int (*open)(struct modem_port *port);
	struct file *fp;
};

static int modem_port_open(struct modem_port *port)
{
	mm_segment_t old_fs;
	u8 hdr[4];
	loff_t pos = 0;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	if (vfs_read(port->fp, (char __user *)hdr, sizeof(hdr), &pos) != sizeof(hdr))
		return -EIO; /* expect: ds-unbalanced */
	set_fs(old_fs);
	return 0;
}

void modem_port_setup(struct modem_port *mp)
{
	mp->open = modem_port_open;
}
