/* case: lock-unbalanced and lock-held-return must not fire on a lock of the non-owner kind: down_read_non_owner() is taken here and released with up_read_non_owner() by the release callback of the asynchronous request this function starts, on purpose; only the path that starts no request releases it itself */
/* args: -Wlock-unbalanced */
#include <linux/rwsem.h>
#include <linux/fs.h>

struct nd_inode { struct rw_semaphore rmdir_sem; };
struct nd_req { struct nd_inode *dir; int busy; };

int nd_start_async(struct nd_req *req);

static void nd_release(void *data)
{
	struct nd_req *req = data;

	up_read_non_owner(&req->dir->rmdir_sem);
}

static bool nd_call_unlink(struct nd_inode *dir, struct nd_req *req)
{
	down_read_non_owner(&dir->rmdir_sem);
	if (req->busy) {
		up_read_non_owner(&dir->rmdir_sem);
		return false;
	}
	req->dir = dir;
	nd_start_async(req);
	return true;
}

static int nd_unlink(struct inode *dir, struct dentry *dentry)
{
	struct nd_req req = { 0 };

	if (!nd_call_unlink(dir->i_private, &req))
		return -EBUSY;
	return 0;
}

const struct inode_operations nd_dir_iops = {
	.unlink = nd_unlink,
};
