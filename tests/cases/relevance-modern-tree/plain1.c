/* case: relevance pass: a file that names nothing any check looks for (not parsed) */
#include <linux/types.h>

int plain_sum(const int *v, unsigned int n)
{
	int s = 0;

	while (n--)
		s += v[n];
	return s;
}
