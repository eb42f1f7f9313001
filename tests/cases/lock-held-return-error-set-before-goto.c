/* case: an open handler takes its mutex, and on an allocation failure sets rc = -ENOMEM and jumps to the shared exit, which unlocks only `if (rc)`; the success path unlocked earlier, so no path of that shape returns with the lock held; a second early return that forgets the unlock must still be reported */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/mutex.h>
#include <linux/slab.h>

struct och {
	int users;
};

static DEFINE_MUTEX(och_mutex);
static struct och *och_cur;

int och_remote_open(struct och *h);

static int och_open(struct inode *inode, struct file *file)
{
	int rc = 0;

	mutex_lock(&och_mutex);
	if (file->f_flags & O_EXCL)
		return -EBUSY; /* expect: lock-held-return */
	if (!och_cur) {
		och_cur = kzalloc(sizeof(*och_cur), GFP_NOFS);
		if (!och_cur) {
			rc = -ENOMEM;
			goto out;
		}
		rc = och_remote_open(och_cur);
		if (rc)
			goto out;
	}
	och_cur->users++;
	mutex_unlock(&och_mutex);
	file->private_data = och_cur;
out:
	if (rc) {
		kfree(och_cur);
		och_cur = NULL;
		mutex_unlock(&och_mutex);
	}
	return rc;
}

static const struct file_operations och_fops = {
	.owner	= THIS_MODULE,
	.open	= och_open,
};

int och_register(const struct file_operations *fops);

static int __init och_init(void)
{
	return och_register(&och_fops);
}
module_init(och_init);
MODULE_LICENSE("GPL");
