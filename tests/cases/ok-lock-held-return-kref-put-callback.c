/* case: lock-held-return must not fire: a release handler takes the context's mutex and drops its last reference with kref_put(&ctxi->kref, remove_context), a function of the file whose callback unlocks the mutex (cxlflash's _cxlflash_disk_detach() and remove_context()): a call named for a release, handed a field of the lock's object and a function of the file, may release the lock */
#include <linux/fs.h>
#include <linux/kref.h>
#include <linux/mutex.h>
#include <linux/slab.h>

struct ctx_info {
	struct mutex mutex;
	struct kref kref;
	int users;
};

static void remove_context(struct kref *kref)
{
	struct ctx_info *ctxi = container_of(kref, struct ctx_info, kref);

	ctxi->users = 0;
	mutex_unlock(&ctxi->mutex);
	kfree(ctxi);
}

static int ctx_release(struct inode *inode, struct file *file)
{
	struct ctx_info *ctxi = file->private_data;

	mutex_lock(&ctxi->mutex);
	ctxi->users--;
	kref_put(&ctxi->kref, remove_context);
	return 0;
}

static const struct file_operations ctx_fops = {
	.release = ctx_release,
};
