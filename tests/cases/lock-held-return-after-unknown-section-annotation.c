/* case: an annotation macro the tool does not list, standing before `struct` (`static const __pernet_initconst struct x tbl[] = {`), was read as the type; the grammar then lost the table and the file (skipped as not understood), hiding the ioctl handler below that keeps its mutex on an error return */
#include <linux/fs.h>
#include <linux/init.h>
#include <linux/mutex.h>
#include <linux/uaccess.h>

#define __pernet_initconst __initconst

static const __pernet_initconst struct label_init {
	const char *name;
	int prefix_len;
	unsigned int label;
} label_table[] = {
	{
		.name = "any",
		.prefix_len = 0,
		.label = 1,
	}, {
		.name = "local",
		.prefix_len = 7,
		.label = 5,
	}, {
		.name = "mapped",
		.prefix_len = 96,
		.label = 4,
	}, {
		.name = "teredo",
		.prefix_len = 32,
		.label = 5,
	}, {
		.name = "sixtofour",
		.prefix_len = 16,
		.label = 2,
	}, {
		.name = "orchid",
		.prefix_len = 28,
		.label = 7,
	},
};

static DEFINE_MUTEX(label_lock);
static unsigned int label_default;

static long label_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	unsigned int v;

	mutex_lock(&label_lock);
	if (get_user(v, (unsigned int __user *)arg))
		return -EFAULT; /* expect: lock-held-return */
	label_default = v < ARRAY_SIZE(label_table) ? label_table[v].label : 0;
	mutex_unlock(&label_lock);
	return 0;
}

static const struct file_operations label_fops = {
	.unlocked_ioctl = label_ioctl,
};
