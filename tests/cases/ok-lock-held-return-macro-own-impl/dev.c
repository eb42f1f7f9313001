/* case: lock-held-return must not fire: the unlock is a macro of the header that only checks its argument and calls its own implementation __obj_unlock(), a static inline that releases the spinlock; every path goes through it */
#include <linux/fs.h>
#include "obj.h"

static long obj_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct obj *o = file->private_data;
	long v;

	obj_lock(o);
	if (o->busy) {
		obj_unlock(o);
		return -EBUSY;
	}
	v = o->val;
	obj_unlock(o);
	return v;
}

static const struct file_operations obj_fops = {
	.unlocked_ioctl = obj_ioctl,
};
