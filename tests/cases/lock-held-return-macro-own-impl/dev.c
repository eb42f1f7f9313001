/* case: lock-held-return must fire: the header's lock wrapper takes the spinlock and the unlock macro (which only calls its own __obj_unlock()) releases it, but the busy path returns to user mode between them */
#include <linux/fs.h>
#include "obj.h"

static long obj_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct obj *o = file->private_data;
	long v;

	obj_lock(o);
	if (o->busy)
		return -EBUSY; /* expect: lock-held-return */
	v = o->val;
	obj_unlock(o);
	return v;
}

static const struct file_operations obj_fops = {
	.unlocked_ioctl = obj_ioctl,
};
