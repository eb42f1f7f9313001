/* case: lock-unbalanced must not fire: the error labels release the directory lock under `if (err)`, and every path that jumps there with the lock held has an error in err: one took `if (err < 0)` (so `err` is non-zero), one did `err = PTR_ERR(p)` after `IS_ERR(p)` was true.  Joined at the labels, those paths still know err is set */
/* args: -Wlock-unbalanced */
#include <linux/err.h>
#include <linux/mutex.h>

struct dir { struct mutex lock; int size; };
struct node *node_alloc(struct dir *d);
int node_insert(struct dir *d, struct node *n);
int dir_grow(struct dir *d);
void node_free(struct node *n);

struct node *dir_create(struct dir *d, int mode)
{
	struct node *n = NULL;
	int err = 0;

	mutex_lock(&d->lock);
	if (mode & 1) {
		err = dir_grow(d);
		if (err < 0)
			goto out_unlock;
	}
	n = node_alloc(d);
	if (IS_ERR(n)) {
		err = PTR_ERR(n);
		goto out_unlock;
	}
	err = node_insert(d, n);
	if (err)
		goto out_free;
	mutex_unlock(&d->lock);
	d->size++;
	goto out;

out_free:
	node_free(n);
out_unlock:
	if (mode & 2)
		d->size--;
out:
	if (err) {
		mutex_unlock(&d->lock);
		return ERR_PTR(err);
	}
	return n;
}
