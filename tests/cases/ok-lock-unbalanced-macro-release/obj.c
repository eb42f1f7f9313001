/* case: lock-unbalanced and lock-held-return must not fire: a macro of the header drops and retakes the mutex (an error from it means dropped), and a macro of the file releases through the header's wrapper, in a helper of the file and in its callers */
#include <linux/fs.h>
#include "obj.h"

#define obj_unlock(o)	perm_unlock(&(o)->perm)

static ssize_t octx_read(struct file *file, char __user *buf, size_t len, loff_t *pos)
{
	struct octx *ctx = file->private_data;
	ssize_t count;

	count = octx_take(ctx);
	if (count)
		goto out;
	count = octx_wait(ctx->state);
	if (count)
		goto out;
	count = ctx->state;
	octx_drop(ctx);
out:
	return count;
}

static const struct file_operations octx_fops = {
	.read = octx_read,
};

static void obj_destroy(struct octx *o)
{
	o->state = 0;
	obj_unlock(o);
}

static void obj_lock_by_ptr(struct octx *o)
{
	rcu_read_lock();
	spin_lock(&o->perm.lock);
}

int obj_try_destroy(struct octx *o, int orphan)
{
	obj_lock_by_ptr(o);
	if (orphan)
		obj_destroy(o);
	else
		obj_unlock(o);
	return 0;
}
