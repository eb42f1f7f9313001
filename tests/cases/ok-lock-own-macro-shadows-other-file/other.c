/* another file of the tree: uses the header's X() */
#include "other.h"
#include <linux/errno.h>

struct cfg {
	int a, b;
};


int cfg_check(struct cfg *c)
{
	X(c->a);
	X(c->b);
	return 0;
}
