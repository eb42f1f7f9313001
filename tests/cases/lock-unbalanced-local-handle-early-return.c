/* case: lock-unbalanced: the release at the end is under a test of a local handle (`if (m1) mutex_unlock(m1);`), but an early return between the trylock and that label skips it altogether — the handle does not excuse a path that never reaches the release; and a release under a test of a field (not a local) does not excuse the path that skips it either */
/* args: -Wlock-unbalanced */
#include <linux/mutex.h>

struct rn_super { struct mutex rename_mutex; int frozen; };
struct rn_dentry { struct rn_super *sb; struct rn_dentry *parent; };

void rn_move(struct rn_dentry *a, struct rn_dentry *b);

static int rn_unalias(struct rn_dentry *dentry, struct rn_dentry *alias)
{
	struct mutex *m1 = NULL;
	int ret = -ESTALE;

	if (alias->parent == dentry->parent)
		goto out_move;
	if (!mutex_trylock(&dentry->sb->rename_mutex))
		goto out_err;
	m1 = &dentry->sb->rename_mutex;
	if (dentry->sb->frozen)
		return -EBUSY; /* expect: lock-unbalanced */
out_move:
	rn_move(alias, dentry);
	ret = 0;
out_err:
	if (m1)
		mutex_unlock(m1);
	return ret;
}

struct rn_port { struct mutex mutex; int count; char *buf; };

void rn_free(char *p);

static int rn_close(struct rn_port *port)
{
	mutex_lock(&port->mutex);
	if (--port->count > 0) {
		mutex_unlock(&port->mutex);
		return 0;
	}
	if (port->buf) {
		rn_free(port->buf);
		port->buf = NULL;
		mutex_unlock(&port->mutex);
	}
	return 1; /* expect: lock-unbalanced */
}

int rn_rename(struct rn_dentry *a, struct rn_dentry *b, struct rn_port *p)
{
	rn_close(p);
	return rn_unalias(a, b);
}
