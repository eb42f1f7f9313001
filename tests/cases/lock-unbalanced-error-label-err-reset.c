/* case: lock-unbalanced fires: the error label releases the lock only under `if (err)`, but one path that jumps there with the lock held has overwritten err with 0 after its error test (`err = 0; goto out;`), so the label's test is false and the function returns 0 locked, as the success path returns 0 unlocked */
/* args: -Wlock-unbalanced */
#include <linux/err.h>
#include <linux/mutex.h>

struct dir { struct mutex lock; int size; };
struct node *node_alloc(struct dir *d);
int dir_grow(struct dir *d);

int dir_create(struct dir *d, int mode)
{
	struct node *n;
	int err = 0;

	mutex_lock(&d->lock);
	if (mode & 1) {
		err = dir_grow(d);
		if (err < 0) {
			err = 0;	/* "not fatal" */
			goto out;
		}
	}
	n = node_alloc(d);
	if (IS_ERR(n)) {
		err = PTR_ERR(n);
		goto out;
	}
	mutex_unlock(&d->lock);
	d->size++;
	goto done;
out:
	if (err) {
		mutex_unlock(&d->lock);
		return err;
	}
done:
	return 0; /* expect: lock-unbalanced */
}
