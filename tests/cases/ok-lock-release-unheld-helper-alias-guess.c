/* case: lock-release-unheld must not fire: a helper of the file returns with anon->d_lock held (d_materialise_unique()'s __d_materialise_dentry() of 3.x fs/dcache.c), but on its way releases &anon->d_parent->d_lock, a lock another helper takes on some paths only, which the walk can only match by a guessed alias of the same name; the helper's summary cannot say it drops anon->d_lock, so the caller's unlock after `goto found` is not judged */
#include <linux/dcache.h>
#include <linux/spinlock.h>

static void lock_for_move(struct dentry *dentry, struct dentry *target)
{
	if (dentry->d_parent == target->d_parent)
		spin_lock(&target->d_parent->d_lock);
	spin_lock(&target->d_lock);
	spin_lock(&dentry->d_lock);
}

static void unlock_parents(struct dentry *dentry, struct dentry *target)
{
	if (target->d_parent == dentry->d_parent)
		spin_unlock(&dentry->d_parent->d_lock);
}

static void materialise(struct dentry *dentry, struct dentry *anon)
{
	lock_for_move(anon, dentry);
	dentry->d_flags = 0;
	unlock_parents(anon, dentry);
	spin_unlock(&dentry->d_lock);
	/* anon->d_lock still locked, returns locked */
}

struct dentry *d_mat(struct dentry *dentry, struct dentry *alias, int root)
{
	struct dentry *actual;

	if (root) {
		actual = alias;
		materialise(dentry, alias);
		goto found;
	}
	actual = dentry;
	spin_lock(&actual->d_lock);
found:
	actual->d_flags = 1;
	spin_unlock(&actual->d_lock);
	return actual;
}
