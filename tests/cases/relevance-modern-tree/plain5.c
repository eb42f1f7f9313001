/* case: relevance pass: a file that names nothing any check looks for (not parsed) */
#include <linux/types.h>

static int table5[16];

int plain5_sum(unsigned int n)
{
	int s = 0;

	while (n--)
		s += table5[n & 15];
	return s;
}
