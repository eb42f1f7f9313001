/* the header's lock wrapper of one name (6.1-stable include/linux/serial_core.h's uart_port_lock(up)) */
#include <linux/spinlock.h>

struct uart_port {
	spinlock_t lock;
	int count;
};

struct uart_state {
	spinlock_t lock;
	struct uart_port *uart_port;
	int refs;
};

static inline void uart_port_lock(struct uart_port *up)
{
	spin_lock(&up->lock);
}

static inline void uart_port_unlock(struct uart_port *up)
{
	spin_unlock(&up->lock);
}
