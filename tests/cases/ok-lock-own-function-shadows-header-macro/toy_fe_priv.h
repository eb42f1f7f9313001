/* A DVB frontend's private header: its wr() is a statement macro that
 * returns from the caller when the register write fails. */
#define wr(reg, val) if (toy_fe_write(state, reg, val)) \
		return -EREMOTEIO;
