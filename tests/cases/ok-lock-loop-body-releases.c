/* case: a release handler takes the context's mutex, then detaches each LUN of the context in a loop; the helper's last detach drops the context and its mutex.  The path that runs the loop zero times returns with the mutex held, but the author counts on the loop running (its body releases the lock on every pass, with no jump and no retake): not reported */
#include <linux/fs.h>
#include <linux/list.h>
#include <linux/mutex.h>

struct lun { struct list_head list; };
struct ctx { struct mutex mutex; struct list_head luns; int refs; };

static struct ctx *the_ctx;

static void ctx_detach(struct lun *l, struct ctx *c)
{
	list_del(&l->list);
	mutex_unlock(&c->mutex);
}

static int ctx_release(struct inode *inode, struct file *file)
{
	struct ctx *c = the_ctx;
	struct lun *l, *t;

	if (!c)
		return 0;
	mutex_lock(&c->mutex);
	list_for_each_entry_safe(l, t, &c->luns, list)
		ctx_detach(l, c);
	return 0;
}

static const struct file_operations ctx_fops = {
	.release = ctx_release,
};
