/* case: relevance pass, bodies left out: spool_count takes part (a lock call), spool_register does not until the probe asks for spool_read */
#include <linux/fs.h>
#include <linux/mutex.h>

DEFINE_MUTEX(spool_lock);
static int spool_users;

ssize_t spool_read(struct file *file, char __user *buf, size_t len, loff_t *pos);

int spool_count(void)
{
	int n;

	mutex_lock(&spool_lock);
	n = spool_users;
	mutex_unlock(&spool_lock);
	return n;
}

void spool_register(struct file_operations *fops)
{
	fops->read = spool_read;
}
