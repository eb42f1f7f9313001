/* case: relevance pass, bodies left out: a top-level declaration the parser cannot read (an alignment macro between the declarator and its initialiser, as 6.1's `u8 addr[ETH_ALEN + 2] __long_aligned = {...}`) is a syntax error far from any body left out: the parse with bodies left out is kept (not parsed whole again), and the lock it leaks is reported as in a whole parse */
#include <linux/fs.h>
#include <linux/spinlock.h>

struct spool {
	spinlock_t lock;
	int depth;
};

static struct spool spool;

static u8 spool_mark[8] __spool_aligned = { 0x5a, 0xa5 };

static int spool_scale(int n)
{
	return n * 4 + 1;
}

static int spool_unused(int n)
{
	return n - 1;
}

static int spool_release(struct inode *inode, struct file *file)
{
	spin_lock(&spool.lock);
	if (file->f_flags & 2)
		return -EINVAL; /* expect: lock-held-return */
	spool.depth = spool_scale(spool.depth);
	spin_unlock(&spool.lock);
	return 0;
}

static const struct file_operations spool_fops = {
	.release = spool_release,
};
