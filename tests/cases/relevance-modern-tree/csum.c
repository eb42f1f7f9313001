/* case: relevance pass: an out-of-line helper, in a file with no rule call */
#include <linux/types.h>

u32 csum_fold_words(const u32 *w, unsigned int n)
{
	u32 s = 0;

	while (n--)
		s += *w++;
	return s;
}
