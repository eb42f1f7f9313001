/* case: relevance pass, bodies left out: an old-style definition is a function to the parser but not a body to the elision's scan; the parse and the elision disagree, so the file is parsed again whole (stats: "1 parsed whole after all") */
#include <linux/mutex.h>

static DEFINE_MUTEX(kr_lock);

static int kr_pad(int x)
{
	return x + 1;
}

int kr_count(n)
	int n;
{
	mutex_lock(&kr_lock);
	n = kr_pad(n);
	mutex_unlock(&kr_lock);
	return n;
}
