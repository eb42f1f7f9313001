/* case: a tty_operations .close (void) releases port->mutex on the early "still open" return, but the final unlock sits inside the xmit_buf block, so falling off the end with no buffer returns with the mutex held */
#include <linux/module.h>
#include <linux/tty.h>
#include <linux/tty_driver.h>
#include <linux/mutex.h>
#include <linux/mm.h>

struct fdtty_port {
	struct mutex mutex;
	int count;
	unsigned long flags;
	unsigned char *xmit_buf;
	wait_queue_head_t open_wait;
};

#define FDTTY_ACTIVE	BIT(0)

void fdtty_hw_shutdown(struct fdtty_port *port);

static int fdtty_open(struct tty_struct *tty, struct file *filp)
{
	struct fdtty_port *port = tty->driver_data;

	mutex_lock(&port->mutex);
	port->count++;
	port->flags |= FDTTY_ACTIVE;
	mutex_unlock(&port->mutex);
	return 0;
}

static void fdtty_close(struct tty_struct *tty, struct file *filp)
{
	struct fdtty_port *port = tty->driver_data;

	mutex_lock(&port->mutex);
	if (--port->count > 0) {
		mutex_unlock(&port->mutex);
		return;
	}
	port->count = 0;
	port->flags &= ~FDTTY_ACTIVE;
	fdtty_hw_shutdown(port);
	if (port->xmit_buf) {
		free_page((unsigned long)port->xmit_buf);
		port->xmit_buf = NULL;
		mutex_unlock(&port->mutex);
	}
	wake_up_interruptible(&port->open_wait);
} /* expect: lock-held-return */

static const struct tty_operations fdtty_ops = {
	.open	= fdtty_open,
	.close	= fdtty_close,
};
