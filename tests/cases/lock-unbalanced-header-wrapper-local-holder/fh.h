/* A file handle whose lock wrapper takes the inode mutex through locals (dentry = fhp->fh_dentry, inode = dentry->d_inode) and sets a flag; the unlock wrapper releases it through the handle, under that flag. */
#include <linux/mutex.h>
struct fh { struct dentry *fh_dentry; int locked; };
static inline void fh_lock(struct fh *f)
{
	struct dentry *dentry = f->fh_dentry;
	struct inode *inode;

	if (f->locked) {
		printk("already locked\n");
		return;
	}
	inode = dentry->d_inode;
	mutex_lock(&inode->i_mutex);
	f->locked = 1;
}
static inline void fh_unlock(struct fh *f)
{
	if (f->locked) {
		mutex_unlock(&f->fh_dentry->d_inode->i_mutex);
		f->locked = 0;
	}
}
