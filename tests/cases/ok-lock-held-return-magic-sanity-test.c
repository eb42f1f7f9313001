/* case: a statement macro that returns only when a magic-number sanity test
 * of its argument fails (OSS's VALIDATE_STATE) cannot return: every object
 * gets its magic when it is made and keeps it, so the wrong-magic return is
 * not a path that holds the lock */
#include <linux/fs.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/printk.h>

#define CS4297a_MAGIC	0xf00dcafe

struct dev_state { unsigned int magic; int minor; struct list_head list; };

static LIST_HEAD(devs);
static DEFINE_MUTEX(dev_mutex);

#define VALIDATE_STATE(s)                               \
({                                                      \
	if (!(s) || (s)->magic != CS4297a_MAGIC) {      \
		printk(KERN_CRIT "invalid magic value\n"); \
		return -ENXIO;                          \
	}                                               \
})

static int mix_open(struct inode *inode, struct file *file)
{
	int minor = iminor(inode);
	struct dev_state *s = NULL;
	struct list_head *entry;

	mutex_lock(&dev_mutex);
	list_for_each(entry, &devs) {
		s = list_entry(entry, struct dev_state, list);
		if (s->minor == minor)
			break;
	}
	if (!s) {
		mutex_unlock(&dev_mutex);
		return -ENODEV;
	}
	VALIDATE_STATE(s);
	file->private_data = s;
	mutex_unlock(&dev_mutex);
	return 0;
}

static const struct file_operations mix_fops = {
	.open = mix_open,
};
