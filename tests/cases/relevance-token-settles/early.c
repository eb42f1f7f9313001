/* case: the lock is dropped inside the loop and the function may return before taking it again: balanced on every path, but not a shape the token check settles, so the file is parsed; nothing to report */
#include <linux/mutex.h>

struct item {
	struct item *next;
};

static DEFINE_MUTEX(item_mutex);

int item_probe(struct item *it);

int item_walk(struct item *it)
{
	mutex_lock(&item_mutex);
	while (it) {
		mutex_unlock(&item_mutex);
		if (item_probe(it))
			return -1;
		mutex_lock(&item_mutex);
		it = it->next;
	}
	mutex_unlock(&item_mutex);
	return 0;
}
