/* case: lock-double-acquire must not fire: read locks and RCU nest (down_read twice, read_lock twice, rcu_read_lock twice), a trylock of a held lock only fails, and the lockdep _nested variants name another object of the same class */
#include <linux/rwsem.h>
#include <linux/spinlock.h>
#include <linux/rcupdate.h>
#include <linux/mutex.h>

struct obj {
	struct rw_semaphore sem;
	rwlock_t rw;
	spinlock_t lock;
	struct mutex m;
	int v;
};

int obj_read(struct obj *o)
{
	int v;

	down_read(&o->sem);
	read_lock(&o->rw);
	rcu_read_lock();
	down_read(&o->sem);
	read_lock(&o->rw);
	rcu_read_lock();
	v = o->v;
	rcu_read_unlock();
	read_unlock(&o->rw);
	up_read(&o->sem);
	rcu_read_unlock();
	read_unlock(&o->rw);
	up_read(&o->sem);
	return v;
}

int obj_poke(struct obj *o)
{
	int busy = 0;

	spin_lock(&o->lock);
	if (!spin_trylock(&o->lock))
		busy = 1;
	else
		spin_unlock(&o->lock);
	spin_unlock(&o->lock);
	return busy;
}

void obj_pair(struct obj *o)
{
	mutex_lock(&o->m);
	mutex_lock_nested(&o->m, SINGLE_DEPTH_NESTING);
	o->v++;
	mutex_unlock(&o->m);
	mutex_unlock(&o->m);
}
