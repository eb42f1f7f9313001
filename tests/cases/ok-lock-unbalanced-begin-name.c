/* case: lock-unbalanced must not fire: a function named to open a section for its caller (_begin, _enter, _acquire) keeps the lock on the way it succeeds and drops it where it gives up; its partner (_end) releases */
/* args: -Wlock-unbalanced */
#include <linux/mutex.h>

struct txn {
	struct mutex lock;
	int ready;
	int open;
};

void txn_begin(struct txn *t)
{
	mutex_lock(&t->lock);
	if (!t->ready) {
		mutex_unlock(&t->lock);
		return;
	}
	t->open = 1;
}

void txn_end(struct txn *t)
{
	t->open = 0;
	mutex_unlock(&t->lock);
}

void dev_section_enter(struct txn *t, int busy)
{
	mutex_lock(&t->lock);
	if (busy)
		mutex_unlock(&t->lock);
}
