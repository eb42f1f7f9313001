/* case: relevance pass: a file that names nothing any check looks for (not parsed) */
#include <linux/types.h>

static int table2[16];

int plain2_sum(unsigned int n)
{
	int s = 0;

	while (n--)
		s += table2[n & 15];
	return s;
}
