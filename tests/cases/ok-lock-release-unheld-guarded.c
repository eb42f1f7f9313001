/* case: lock-release-unheld must not fire: a release under a test of its own (a flag set where the lock was taken, a pointer handle set to the lock: `if (m1) mutex_unlock(m1)`, a lock that depends on a mode computed once) is a protocol the walk may have merged, not a stray unlock */
#include <linux/mutex.h>

struct node {
	struct mutex lock;
	struct node *parent;
	int mode;
};

int node_move(struct node *a, struct node *b, int how)
{
	struct mutex *m1 = NULL, *m2 = NULL;
	int ret = -EBUSY;

	if (!mutex_trylock(&a->lock))
		goto out;
	m1 = &a->lock;
	if (how && !mutex_trylock(&b->lock))
		goto out;
	if (how)
		m2 = &b->lock;
	ret = 0;
out:
	if (m2)
		mutex_unlock(m2);
	if (m1)
		mutex_unlock(m1);
	return ret;
}

int node_update(struct node *n, int v)
{
	bool locked = n->mode > 1;
	int ret = 0;

	if (locked)
		mutex_lock(&n->lock);
	if (v < 0) {
		ret = -EINVAL;
		goto out;
	}
	n->mode = v;
out:
	if (n->mode > 1 || locked)
		mutex_unlock(&n->lock);
	return ret;
}
