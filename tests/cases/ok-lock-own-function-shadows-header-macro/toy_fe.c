/* The header's user: wr() may return here (not locked, nothing to report). */
#include "toy_fe_priv.h"

struct toy_fe_state { int reg; };
int toy_fe_write(struct toy_fe_state *state, int reg, int val);

int toy_fe_init(struct toy_fe_state *state)
{
	wr(1, 0);
	wr(2, 0);
	return 0;
}
