/* case: ok: the conditional acquires of a dropped last reference, each released: atomic_dec_and_lock() whose true branch unlocks (the fixed auth_domain_put()), refcount_dec_and_lock() released by a helper of the file on that path, refcount_dec_and_mutex_lock() tested with `!` and an early return, and a wrapper that returns atomic_dec_and_lock()'s result (its result tells the caller) */
/* args: -Wlock-unbalanced */
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/refcount.h>
#include <linux/slab.h>
#include <linux/spinlock.h>

struct dom {
	atomic_t ref;
	refcount_t users;
	struct list_head node;
};

static DEFINE_SPINLOCK(dom_lock);
static DEFINE_MUTEX(dom_mutex);
static LIST_HEAD(dom_list);

void dom_put(struct dom *d)
{
	if (atomic_dec_and_lock(&d->ref, &dom_lock)) {
		list_del(&d->node);
		spin_unlock(&dom_lock);
		kfree(d);
	}
}

static void __dom_free(struct dom *d)
{
	list_del(&d->node);
	spin_unlock(&dom_lock);
	kfree(d);
}

void dom_release_user(struct dom *d)
{
	if (refcount_dec_and_lock(&d->users, &dom_lock))
		__dom_free(d);
}

void dom_unregister(struct dom *d)
{
	if (!refcount_dec_and_mutex_lock(&d->users, &dom_mutex))
		return;
	list_del(&d->node);
	mutex_unlock(&dom_mutex);
	kfree(d);
}

static int dom_dec_and_lock(struct dom *d)
{
	return atomic_dec_and_lock(&d->ref, &dom_lock);
}

void dom_add(struct dom *d)
{
	spin_lock(&dom_lock);
	list_add(&d->node, &dom_list);
	spin_unlock(&dom_lock);
	if (dom_dec_and_lock(d)) {
		list_del(&d->node);
		spin_unlock(&dom_lock);
	}
}
