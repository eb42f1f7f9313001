/* case: releases of a lock the function does not take that are not the
 * entry-point kind of lock-release-unheld: a helper called with its
 * caller's lock held that releases it (the caller's contract), a seq_file
 * ->stop that releases what ->start took, an ioctl handler that drops the
 * RTNL lock and takes it again, an inode operation that unlocks the inode
 * a constructor of another file returned locked (jffs2_create() after
 * jffs2_new_inode(); blk-iocost's ioc_qos_write() after
 * blkcg_conf_open_bdev()), a ->release that unlocks what another
 * function of the file takes and leaves held for it, an ioctl that has a
 * helper of another file named for locking take it (i915's
 * i915_mutex_lock_interruptible(dev) before mutex_unlock(&dev->struct_mutex)),
 * and a ->fault handler that drops the mmap lock the fault path holds for
 * it (shmem_fault()'s up_read() before VM_FAULT_RETRY; the file takes that
 * lock nowhere) */
#include <linux/mm.h>
#include <linux/fs.h>
#include <linux/mutex.h>
#include <linux/rtnetlink.h>
#include <linux/seq_file.h>

struct dev {
	struct mutex lock;
	struct mutex ioctl_lock;
	int busy;
};

static DEFINE_MUTEX(list_lock);

int dev_flush(struct dev *d);

/* called with d->lock held; releases it */
void dev_finish_locked(struct dev *d)
{
	d->busy = 0;
	mutex_unlock(&d->lock);
}

static void *list_start(struct seq_file *m, loff_t *pos)
{
	mutex_lock(&list_lock);
	return *pos ? 0 : m;
}

static void *list_next(struct seq_file *m, void *v, loff_t *pos)
{
	++*pos;
	return 0;
}

static void list_stop(struct seq_file *m, void *v)
{
	mutex_unlock(&list_lock);
}

static int list_show(struct seq_file *m, void *v)
{
	return 0;
}

static const struct seq_operations list_ops = {
	.start = list_start,
	.next = list_next,
	.stop = list_stop,
	.show = list_show,
};

static long dev_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct dev *d = file->private_data;
	int ret;

	rtnl_unlock();
	ret = dev_flush(d);
	rtnl_lock();
	return ret;
}

struct node {
	struct mutex sem;
	int size;
};

struct node *node_new_locked(struct inode *dir);	/* returns it locked */
struct node *node_of(struct inode *inode);

static int node_create(struct user_namespace *ns, struct inode *dir, struct dentry *dentry,
		       umode_t mode, bool excl)
{
	struct node *n = node_new_locked(dir);

	if (!n)
		return -12;
	n->size = 0;
	mutex_unlock(&n->sem);
	return 0;
}

static int node_mkdir(struct user_namespace *ns, struct inode *dir, struct dentry *dentry,
		      umode_t mode)
{
	struct node *n;

	n = node_of(dir);
	n->size = 1;
	mutex_unlock(&n->sem);
	return 0;
}

static const struct inode_operations node_iops = {
	.create = node_create,
	.mkdir = node_mkdir,
};

/* a watchdog takes the device's lock and leaves it to ->release */
void dev_quiesce(struct dev *d)
{
	mutex_lock(&d->lock);
	d->busy = 1;
}

/* (the file's own use of the lock, balanced) */
static int dev_is_busy(struct dev *d)
{
	int busy;

	mutex_lock(&d->ioctl_lock);
	busy = d->busy;
	mutex_unlock(&d->ioctl_lock);
	return busy;
}

int dev_lock_interruptible(struct dev *d);	/* another file: takes d->ioctl_lock */

static long dev_compat_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct dev *d = file->private_data;

	if (dev_lock_interruptible(d))
		return -4;
	d->busy++;
	mutex_unlock(&d->ioctl_lock);
	return dev_is_busy(d);
}

static vm_fault_t node_fault(struct vm_fault *vmf)
{
	if (vmf->flags & FAULT_FLAG_ALLOW_RETRY) {
		up_read(&vmf->vma->vm_mm->mmap_sem);
		return VM_FAULT_RETRY;
	}
	return 0;
}

static const struct vm_operations_struct node_vm_ops = {
	.fault = node_fault,
};

static int dev_release(struct inode *inode, struct file *file)
{
	struct dev *d = file->private_data;

	d->busy = 0;
	mutex_unlock(&d->lock);
	return 0;
}

static const struct file_operations dev_fops = {
	.unlocked_ioctl = dev_ioctl,
	.compat_ioctl = dev_compat_ioctl,
	.release = dev_release,
};
