/* case: an `#if 0` arm at file scope holding an old initialiser body (`{ [OP_A] = 1, ... };` left after the live table) stayed in the text; no declaration starts with '{', and the grammar lost the rest of the file (skipped as not understood), hiding the ioctl handler below that keeps its mutex on an error return */
#include <linux/fs.h>
#include <linux/mutex.h>
#include <linux/uaccess.h>

enum { OP_NOP, OP_ADD, OP_SUB, OP_JMP, OP_SET, OP_NUM };

static unsigned char op_len[] =
{
	0, 1, 1, 2, 1
};
#if 0
{
	[OP_NOP] = 0,
	[OP_ADD] = 1,
	[OP_SUB] = 1,
	[OP_JMP] = 2,
	[OP_SET] = 1,
};
#endif

static DEFINE_MUTEX(op_lock);
static unsigned int op_last;

static long op_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	unsigned int v;

	mutex_lock(&op_lock);
	if (get_user(v, (unsigned int __user *)arg))
		return -EFAULT; /* expect: lock-held-return */
	op_last = v < OP_NUM ? op_len[v] : 0;
	mutex_unlock(&op_lock);
	return 0;
}

static const struct file_operations op_fops = {
	.unlocked_ioctl = op_ioctl,
};
