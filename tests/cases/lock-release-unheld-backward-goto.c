/* case: lock-release-unheld: a cleanup block at the end of the function that unlocks and jumps back to an earlier label which unlocks again (afs_do_setlk()'s vfs_rejected_lock path, fixed upstream; __sock_create()'s out_release after rcu_read_unlock()): a jump back in the text whose label never comes back to the jump is no loop */
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

int do_setlk(struct vnode *vnode, int sleep)
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
	spin_unlock(&vnode->lock); /* expect: lock-release-unheld */
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
	spin_unlock(&vnode->lock);
	goto abort_attempt;
}
