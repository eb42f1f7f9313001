/* case: lock-double-acquire: fh_lock() takes the inode mutex through its locals (dentry = f->fh_dentry, inode = dentry->d_inode), so its summary names the lock in its parameter terms, &$0->fh_dentry->d_inode->i_mutex; the caller then takes &f->fh_dentry->d_inode->i_mutex again (the same mutex: a self-deadlock), which a summary naming the local inode could not see */
#include <linux/mutex.h>
#include <linux/fs.h>
struct fh { struct dentry *fh_dentry; int locked; };
int work(struct fh *f);

static void fh_lock(struct fh *f)
{
	struct dentry *dentry = f->fh_dentry;
	struct inode *inode;

	inode = dentry->d_inode;
	mutex_lock(&inode->i_mutex);
	f->locked = 1;
}

static long fh_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct fh *f = file->private_data;
	int err;

	fh_lock(f);
	err = work(f);
	if (err == -EAGAIN)
		mutex_lock(&f->fh_dentry->d_inode->i_mutex); /* expect: lock-double-acquire */
	mutex_unlock(&f->fh_dentry->d_inode->i_mutex);
	return err;
}
static const struct file_operations fops = { .unlocked_ioctl = fh_ioctl };
