/* case: relevance pass: a file that names nothing any check looks for (not parsed) */
#include <linux/types.h>

struct point { int x, y; };

void plain_swap(struct point *p)
{
	int t = p->x;

	p->x = p->y;
	p->y = t;
}
