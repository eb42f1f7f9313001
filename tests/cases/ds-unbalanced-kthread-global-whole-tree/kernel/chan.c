/* the channel the requests come through (no caller of the handlers here) */
#include <linux/kernel.h>

int chan_read(void *buf, int len)
{
	return len;
}

int chan_write(const void *buf, int len)
{
	return len;
}
