/* case: a conditional group whose #else arm is the tail of the #ifdef arm (`} else if (b) {` under #ifdef, `if (b) {` under #else, both opening the block that follows) used to stay as written; the grammar then lost the rest of the file, hiding the ioctl handler below that keeps its mutex on an error return */
#include <linux/fs.h>
#include <linux/mutex.h>
#include <linux/uaccess.h>

struct pool {
	int spare, used, low;
};

static DEFINE_MUTEX(pool_lock);
static struct pool the_pool;

static int pool_pick(struct pool *p)
{
	int n = 0;

#ifdef CONFIG_POOL_SPARE
	if (p->spare) {
		n = p->spare--;
	} else if (p->used < p->low) {
#else
	if (p->used < p->low) {
#endif
		n = p->low - p->used;
		p->used++;
	} else {
		n = -1;
	}

#ifdef CONFIG_POOL_SPARE
	if (n < 0)
		n = 0;
	else {
#else
	{
#endif
		p->low += n;
		n++;
	}
	return n;
}

static int pool_drain(struct pool *p)
{
	int i, total = 0;

	for (i = 0; i < p->used; i++)
		total += i;
	p->used = 0;
	p->spare = total;
	return total;
}

static long pool_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	int v;

	mutex_lock(&pool_lock);
	if (copy_from_user(&v, (void __user *)arg, sizeof(v)))
		return -EFAULT; /* expect: lock-held-return */
	the_pool.low = v;
	v = pool_pick(&the_pool) + pool_drain(&the_pool);
	mutex_unlock(&pool_lock);
	return v;
}

static const struct file_operations pool_fops = {
	.unlocked_ioctl = pool_ioctl,
};
