/* case: relevance pass: the out-of-line definition window.c's call needs (a file with no rule call) */
#include <linux/types.h>

u32 fold_sum(const u32 *w, unsigned int n)
{
	u32 s = 0;

	while (n--)
		s += *w++;
	return s;
}
