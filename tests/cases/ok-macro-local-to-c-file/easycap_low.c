/* case: two drivers reuse the macro name SET: here (easycap_low.c) SET hides a `return` on a failed register write and is this file's own #define; the other file's SET (from its own header, not scanned) only stores a counter.  A macro defined in a C file applies to that file alone: the early return through SET here keeps the mutex (reported), the other file's SET calls are plain calls */
#include <linux/fs.h>
#include <linux/module.h>
#include <linux/mutex.h>

#define SET(X, Y, Z) do { \
	int __rc; \
	__rc = regset(X, Y, Z); \
	if (0 > __rc) { \
		return __rc; \
	} \
} while (0)

struct easycap {
	struct mutex lock;
	int state;
};

int regset(struct easycap *peasycap, int reg, int val);

static long easycap_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct easycap *peasycap = file->private_data;

	mutex_lock(&peasycap->lock);
	SET(peasycap, 0x500, (int)arg); /* expect: lock-held-return */
	peasycap->state = 1;
	mutex_unlock(&peasycap->lock);
	return 0;
}

static const struct file_operations easycap_fops = {
	.owner = THIS_MODULE,
	.unlocked_ioctl = easycap_ioctl,
};
