/* case: an ->rmdir takes the victim's rwsem and stores the victim into a
 * field of the operation it hands on (afs_rmdir() in 6.1: op->file[1].vnode
 * = vnode, then the operation's put releases it): the lock is handed over
 * with the object, so returning with it is not a leak.  Its twin keeps the
 * object in a local only and returns with the lock: reported. */
#include <linux/fs.h>
#include <linux/rwsem.h>

struct toy_vnode { struct rw_semaphore rmdir_lock; int id; };
struct toy_op { struct { struct toy_vnode *vnode; } file[2]; };

struct toy_op *toy_alloc_op(struct inode *dir);
int toy_run_op(struct toy_op *op);
struct toy_vnode *TOY_I(struct inode *inode);

static int toy_rmdir(struct inode *dir, struct dentry *dentry)
{
	struct toy_op *op = toy_alloc_op(dir);
	struct toy_vnode *vnode = TOY_I(d_inode(dentry));
	int ret;

	if (!op)
		return -ENOMEM;
	ret = down_write_killable(&vnode->rmdir_lock);
	if (ret < 0)
		return ret;
	op->file[1].vnode = vnode;
	return toy_run_op(op);
}

static int toy_unlink(struct inode *dir, struct dentry *dentry)
{
	struct toy_op *op = toy_alloc_op(dir);
	struct toy_vnode *vnode = TOY_I(d_inode(dentry));
	struct toy_vnode *victim;
	int ret;

	if (!op)
		return -ENOMEM;
	ret = down_write_killable(&vnode->rmdir_lock);
	if (ret < 0)
		return ret;
	victim = vnode;
	ret = toy_run_op(op);
	return victim->id ? ret : 0; /* expect: lock-held-return */
}

const struct inode_operations toy_dir_iops = {
	.rmdir = toy_rmdir,
	.unlink = toy_unlink,
};
