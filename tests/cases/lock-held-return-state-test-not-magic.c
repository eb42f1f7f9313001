/* case: the tests near a magic-number sanity macro stay paths: a macro
 * testing a state field, a magic compared with a value the caller passes,
 * and a magic test written out in the function (it may test data just read
 * from a file or a device: a firmware header's) */
#include <linux/fs.h>
#include <linux/mutex.h>

#define PORT_READY	1
#define PORT_MAGIC	0x5a5a

struct port { int magic; int state; int open; struct mutex lock; };

#define VALIDATE_READY(p)			\
({						\
	if ((p)->state != PORT_READY)		\
		return -EAGAIN;			\
})

static int port_check(struct inode *inode, struct file *file)
{
	struct port *p = file->private_data;
	int want = iminor(inode);

	mutex_lock(&p->lock);
	if (p->magic != want)
		return -EINVAL; /* expect: lock-held-return */
	p->open++;
	mutex_unlock(&p->lock);
	return 0;
}

static int port_open(struct inode *inode, struct file *file)
{
	struct port *p = file->private_data;

	mutex_lock(&p->lock);
	VALIDATE_READY(p); /* expect: lock-held-return */
	p->open++;
	mutex_unlock(&p->lock);
	return 0;
}

static int port_release(struct inode *inode, struct file *file)
{
	struct port *p = file->private_data;

	mutex_lock(&p->lock);
	if (p->magic != PORT_MAGIC)
		return -EINVAL; /* expect: lock-held-return */
	p->open--;
	mutex_unlock(&p->lock);
	return 0;
}

static const struct file_operations port_fops = {
	.release = port_release,
	.open = port_open,
	.release = port_check,
};
