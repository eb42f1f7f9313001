/* case: lock-unbalanced fires: fh_lock() (a header wrapper) takes the mutex through its locals, named in the caller terms as &f->fh_dentry->d_inode->i_mutex, and one return between fh_lock() and fh_unlock() keeps it */
#include "fh.h"
int check(struct fh *f);
int work(struct fh *f);
int create2(struct fh *f, int mode)
{
	int err;

	fh_lock(f);
	err = work(f);
	if (err == -EAGAIN)
		return 0; /* expect: lock-unbalanced */
	fh_unlock(f);
	return err;
}
