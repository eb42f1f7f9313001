/* case: lock-unbalanced must not fire: the file defines its own macros of the names of a header's lock wrappers (serial_core.c's uart_port_lock(state, flags), which takes the port's lock only when the state has a port, and returns the port): the file's macros are what its calls mean, not the header's wrappers */
#include "serial.h"

struct uart_port *uart_port_ref(struct uart_state *state);
void uart_port_deref(struct uart_port *uport);

#define uart_port_lock(state, flags)					\
	({								\
		struct uart_port *__uport = uart_port_ref(state);	\
		if (__uport)						\
			spin_lock_irqsave(&__uport->lock, flags);	\
		__uport;						\
	})

#define uart_port_unlock(uport, flags)					\
	({								\
		struct uart_port *__uport = uport;			\
		if (__uport) {						\
			spin_unlock_irqrestore(&__uport->lock, flags);	\
			uart_port_deref(__uport);			\
		}							\
	})

void uart_flush_buffer(struct uart_state *state)
{
	struct uart_port *port;
	unsigned long flags;

	if (!state)
		return;
	port = uart_port_lock(state, flags);
	if (!port)
		return;
	port->count = 0;
	uart_port_unlock(port, flags);
	state->refs++;
}
