/* case: must not fire: fh_lock() takes the inode mutex through its locals (dentry, inode); the ioctl releases it named through the handle (&f->fh_dentry->d_inode->i_mutex) on its one exit */
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
	mutex_unlock(&f->fh_dentry->d_inode->i_mutex);
	return err;
}
static const struct file_operations fops = { .unlocked_ioctl = fh_ioctl };
