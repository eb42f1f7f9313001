/* case: lock-release-unheld must not fire: the fixed afs_do_setlk() shape — the cleanup block at the end jumps back to a label that unlocks, and does not unlock first; a jump back that is no loop, every path reaching the label holding the lock */
#include <linux/spinlock.h>

struct vnode {
	spinlock_t lock;
	int flags;
	int granted;
};

int posix_lock(struct vnode *v);
int wait_granted(struct vnode *v);

static void defer_unlock(struct vnode *v)
{
	v->granted = 0;
}

int do_setlk_fixed(struct vnode *vnode, int sleep)
{
	int ret;

	spin_lock(&vnode->lock);
	if (vnode->flags)
		goto given_lock;
	if (!sleep) {
		ret = -11;
		goto abort_attempt;
	}
	spin_unlock(&vnode->lock);
	ret = wait_granted(vnode);
	if (ret < 0)
		goto error;
	spin_lock(&vnode->lock);
	if (vnode->flags)
		goto given_lock;

abort_attempt:
	vnode->granted = 0;
	spin_unlock(&vnode->lock);
	goto error;

given_lock:
	ret = posix_lock(vnode);
	if (ret < 0)
		goto vfs_rejected_lock;
	spin_unlock(&vnode->lock);
error:
	return ret;

vfs_rejected_lock:
	if (vnode->granted)
		defer_unlock(vnode);
	goto abort_attempt;
}
