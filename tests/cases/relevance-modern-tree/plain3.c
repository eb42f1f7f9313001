/* case: relevance pass: a file that names nothing any check looks for (not parsed) */
#include <linux/types.h>

static int table3[16];

int plain3_sum(unsigned int n)
{
	int s = 0;

	while (n--)
		s += table3[n & 15];
	return s;
}
