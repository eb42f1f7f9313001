/* case: relevance pass, bodies left out: an extern handler registered in xreg.c, inside a body xreg.c's first parse left out; the probe asks for its name, and xreg.c is parsed again whole */
#include <linux/fs.h>
#include <linux/mutex.h>

extern struct mutex spool_lock;

ssize_t spool_read(struct file *file, char __user *buf, size_t len, loff_t *pos)
{
	mutex_lock(&spool_lock);
	if (!len)
		return 0; /* expect: lock-held-return */
	mutex_unlock(&spool_lock);
	return len;
}
