/* case: lock-unbalanced must not fire: helpers that return an object locked, or ERR_PTR()/NULL unlocked — a cache that reclaims a node (write-locked by a trylock in a helper whose 0 says it took it) and otherwise cannibalises one (a helper returning the node locked or an ERR_PTR()), `if (!IS_ERR(b)) goto out;` handing it back locked; its callers learn from the result (`IS_ERR(b)`, `b == ERR_PTR(-EINTR)` before a retry), and a lookup returning the entry locked or NULL (`e == NULL`) */
/* args: -Wlock-unbalanced */
#include <linux/rwsem.h>
#include <linux/mutex.h>
#include <linux/err.h>

struct node { struct rw_semaphore lock; struct node *next; int order; int dirty; };
struct ncache { struct node *freeable, *live; int busy; };

static int node_reap(struct node *b, int order)
{
	if (!down_write_trylock(&b->lock))
		return -ENOMEM;
	if (b->order < order || b->dirty)
		goto out_unlock;
	return 0;
out_unlock:
	up_write(&b->lock);
	return -ENOMEM;
}

static struct node *node_cannibalize(struct ncache *c, int order)
{
	struct node *b;

	if (c->busy)
		return ERR_PTR(-EINTR);
	for (b = c->live; b; b = b->next)
		if (!node_reap(b, order))
			return b;
	return ERR_PTR(-ENOMEM);
}

struct node *node_new(struct ncache *c, int order);

static struct node *node_alloc(struct ncache *c, int order)
{
	struct node *b;

	b = node_new(c, order);
	if (!b)
		goto err;
	if (!down_write_trylock(&b->lock))
		goto err;
	if (b->dirty)
		goto err_unlock;
out:
	b->order = order;
	return b;
err_unlock:
	up_write(&b->lock);
err:
	b = node_cannibalize(c, order);
	if (!IS_ERR(b))
		goto out;
	return b;
}

struct entry { struct mutex lock; int key; int dead; };
extern struct entry *entries[16];

static struct entry *entry_find(int key)
{
	struct entry *e = entries[key & 15];

	if (!e)
		return NULL;
	mutex_lock(&e->lock);
	if (e->dead || e->key != key) {
		mutex_unlock(&e->lock);
		return NULL;
	}
	return e;
}

int node_use(struct ncache *c, int key)
{
	struct node *b = node_alloc(c, 2);
	struct entry *e;

	if (b == ERR_PTR(-EINTR))
		b = node_alloc(c, 1);
	if (IS_ERR(b))
		return PTR_ERR(b);
	up_write(&b->lock);
	e = entry_find(key);
	if (e == NULL)
		return -ENOENT;
	mutex_unlock(&e->lock);
	return 0;
}
