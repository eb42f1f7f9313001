/* case: lock-unbalanced must not fire: fh_lock() takes the mutex through its locals (dentry, inode); fh_unlock() at the common exit releases the same object named through the handle, so every path that took it releases it (the lock used to be named by the wrapper local inode, and no release matched it) */
#include "fh.h"
int check(struct fh *f);
int work(struct fh *f);
int create(struct fh *f, int mode)
{
	int err;

	err = check(f);
	if (err)
		goto out;
	fh_lock(f);
	err = work(f);
	if (err)
		goto out;
	err = work(f);
out:
	fh_unlock(f);
	return err;
}
