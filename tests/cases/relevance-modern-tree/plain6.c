/* case: relevance pass: a file that names nothing any check looks for (not parsed) */
#include <linux/types.h>

bool plain_is_pow2(unsigned long x)
{
	return x && !(x & (x - 1));
}
