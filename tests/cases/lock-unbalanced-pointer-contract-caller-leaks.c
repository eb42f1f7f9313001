/* case: lock-unbalanced: a helper that returns the node write-locked (or an ERR_PTR() unlocked) is itself fine, but its caller returns an error after the IS_ERR() test with the node's lock still held, and releases it on its other paths */
/* args: -Wlock-unbalanced */
#include <linux/rwsem.h>
#include <linux/err.h>

struct bnode { struct rw_semaphore lock; struct bnode *next; int stale; int val; };
struct bcache { struct bnode *live; int busy; };

static struct bnode *bnode_grab(struct bcache *c)
{
	struct bnode *b;

	if (c->busy)
		return ERR_PTR(-EBUSY);
	for (b = c->live; b; b = b->next)
		if (down_write_trylock(&b->lock))
			return b;
	return ERR_PTR(-ENOMEM);
}

static int bnode_update(struct bcache *c, int val)
{
	struct bnode *n;

	n = bnode_grab(c);
	if (IS_ERR(n))
		return PTR_ERR(n);
	if (n->stale)
		return -ESTALE; /* expect: lock-unbalanced */
	n->val = val;
	up_write(&n->lock);
	return 0;
}

int bcache_set(struct bcache *c, int val)
{
	return bnode_update(c, val);
}
