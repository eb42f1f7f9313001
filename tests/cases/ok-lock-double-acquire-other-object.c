/* case: lock-double-acquire must not fire: the same text names another object once its variable changes (a parent's lock, then its child's through the same variable), the lock is dropped and taken again through a helper of the file that releases it, the lock is handed to a call the rules do not know (which may release it), and a lock kept by a loop's break is taken below under a test of the loop's counter the walk does not tie to the break */
#include <linux/mutex.h>
#include <linux/spinlock.h>

struct link {
	struct mutex lock;
	struct link *next;
	spinlock_t slock;
	int v;
};

int link_pair(struct link *l)
{
	struct link *cur = l;

	mutex_lock(&cur->lock);
	cur = cur->next;
	mutex_lock(&cur->lock);
	cur->v = l->v;
	mutex_unlock(&cur->lock);
	mutex_unlock(&l->lock);
	return 0;
}

static void link_drop(struct link *l)
{
	mutex_unlock(&l->lock);
}

int link_retake(struct link *l, struct link *n)
{
	mutex_lock(&l->lock);
	l->v = 0;
	link_drop(l);
	mutex_lock(&l->lock);
	l->v = 1;
	mutex_unlock(&l->lock);
	spin_lock(&n->slock);
	hub_wait_idle(n, &n->slock);	/* returns with it released */
	spin_lock(&n->slock);
	n->v = 2;
	spin_unlock(&n->slock);
	return 0;
}

int link_find_or_add(struct link *l, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		spin_lock(&l->slock);
		if (l->v == i)
			break;
		spin_unlock(&l->slock);
	}
	if (i == n)
		spin_lock(&l->slock);
	l->v = n;
	spin_unlock(&l->slock);
	return i;
}
