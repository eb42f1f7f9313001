/* case: relevance pass: calls fold_sum() (declared in a header) inside a body and names nothing the checks look for: it cannot define fold_sum(), so it is not parsed */
#include <linux/types.h>
#include "sum.h"

u32 twice_sum(const u32 *w, unsigned int n)
{
	return 2 * fold_sum(w, n);
}
