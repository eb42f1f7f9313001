/* case: lock-unbalanced: an i2c transfer takes its bus mutex, then in the loop takes and releases the usb mutex per message; the early return when the usb mutex cannot be had keeps the bus mutex (dib0700_i2c_xfer_new): the usb mutex's release in the loop says nothing about the bus mutex, so it is reported; a search loop that breaks out holding the entry it found and unlocks the others (libsas's sas_form_port) and the unwinding of an array of locks are not */
/* args: -Wlock-unbalanced */
#include <linux/mutex.h>
#include <linux/spinlock.h>

struct dev {
	struct mutex i2c_mutex, usb_mutex;
	int buf[8];
};
extern int send_msg(struct dev *d, int i);

static int xfer(struct dev *d, int num)
{
	int i;

	if (mutex_lock_interruptible(&d->i2c_mutex) < 0)
		return -EAGAIN;
	for (i = 0; i < num; i++) {
		if (mutex_lock_interruptible(&d->usb_mutex) < 0)
			return 0; /* expect: lock-unbalanced */
		d->buf[0] = i;
		send_msg(d, i);
		mutex_unlock(&d->usb_mutex);
	}
	mutex_unlock(&d->i2c_mutex);
	return i;
}

struct port {
	spinlock_t lock;
	int addr, used;
};
struct ha {
	spinlock_t port_lock;
	int n;
	struct port *ports[8];
};

static void form_port(struct ha *ha, int addr)
{
	struct port *port = NULL;
	unsigned long flags;
	int i;

	spin_lock_irqsave(&ha->port_lock, flags);
	for (i = 0; i < ha->n; i++) {
		port = ha->ports[i];
		spin_lock(&port->lock);
		if (port->addr == addr)
			break;
		spin_unlock(&port->lock);
	}
	if (i == ha->n) {
		for (i = 0; i < ha->n; i++) {
			port = ha->ports[i];
			spin_lock(&port->lock);
			if (!port->used)
				break;
			spin_unlock(&port->lock);
		}
	}
	if (i >= ha->n) {
		spin_unlock_irqrestore(&ha->port_lock, flags);
		return;
	}
	port->used++;
	spin_unlock(&port->lock);
	spin_unlock_irqrestore(&ha->port_lock, flags);
}

static int lock_all(struct ha *ha)
{
	int i;

	for (i = 0; i < ha->n; i++)
		if (!spin_trylock(&ha->ports[i]->lock))
			goto unwind;
	return 0;
unwind:
	while (--i >= 0)
		spin_unlock(&ha->ports[i]->lock);
	return -EBUSY;
}
