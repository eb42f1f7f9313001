/* case: relevance pass, bodies left out: the handler's only registration is inside a body that names no lock call (a setup function storing it into the ops); that body is kept because it mentions a kept function, so the handler is still an entry point */
#include <linux/fs.h>
#include <linux/spinlock.h>

struct reel {
	spinlock_t lock;
	int pos;
};

static struct reel reel;

static long reel_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	spin_lock(&reel.lock);
	if (arg > 100)
		return -ERANGE; /* expect: lock-held-return */
	reel.pos = (int)arg;
	spin_unlock(&reel.lock);
	return 0;
}

static int reel_rewind_steps(int pos)
{
	return pos > 10 ? pos / 10 : 1;
}

void reel_setup(struct file_operations *fops)
{
	fops->unlocked_ioctl = reel_ioctl;
}
