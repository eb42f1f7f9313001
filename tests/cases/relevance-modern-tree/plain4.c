/* case: relevance pass: a file that names nothing any check looks for (not parsed) */
#include <linux/types.h>

static int table4[16];

int plain4_sum(unsigned int n)
{
	int s = 0;

	while (n--)
		s += table4[n & 15];
	return s;
}
