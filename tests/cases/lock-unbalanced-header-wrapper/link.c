/* case: lock-unbalanced through a header's static inline lock wrappers: an error path jumps past the unlock wrapper; a trylock wrapper (taken when it returns non-zero) followed by an early return; the trylock wrapper released afterwards by the same function is no hand-over partner, nor is its caller */
#include "dir.h"

int dnode_update_hash(void *dir, int x);
int dnode_journal_access(void *inode);
int dnode_expand(void *inode, int *no_expand);

int dnode_remove_link(void *dir, int x)
{
	int retval;

	dnode_lock_dir(dir);
	retval = dnode_update_hash(dir, x);
	if (retval)
		goto done;
	DNODE(dir)->count--;
	dnode_unlock_dir(dir);
done:
	return retval; /* expect: lock-unbalanced */
}

static int dnode_try_to_expand(void *inode)
{
	int no_expand, error;

	if (dnode_write_trylock_xattr(inode, &no_expand) == 0)
		return -EBUSY;
	error = dnode_expand(inode, &no_expand);
	dnode_write_unlock_xattr(inode, &no_expand);
	return error;
}

int dnode_mark_dirty(void *inode)
{
	if (DNODE(inode)->count)
		dnode_try_to_expand(inode);
	return 0;
}

int dnode_expand_isize(void *inode)
{
	int no_expand, error;

	dnode_write_lock_xattr(inode, &no_expand);
	error = dnode_journal_access(inode);
	if (error)
		goto out_stop;
	error = dnode_expand(inode, &no_expand);
	dnode_write_unlock_xattr(inode, &no_expand);
out_stop:
	dnode_mark_dirty(inode);
	return error; /* expect: lock-unbalanced */
}

int dnode_try_update(void *inode)
{
	int no_expand;

	if (dnode_write_trylock_xattr(inode, &no_expand) == 0)
		return -EBUSY;
	if (DNODE(inode)->count < 0)
		return -EINVAL; /* expect: lock-unbalanced */
	DNODE(inode)->count++;
	dnode_write_unlock_xattr(inode, &no_expand);
	return 0;
}
