/* case: relevance pass: a file that names nothing any check looks for (not parsed) */
#include <linux/types.h>

int plain_max(int a, int b)
{
	return a > b ? a : b;
}
