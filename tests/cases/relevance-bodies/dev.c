/* case: relevance pass, bodies left out: a file parsed for its lock calls keeps only the bodies that take part (the lock helpers, the handlers that call them, the helpers that call the release helper); the handler's own body names no lock call, and the must-not-fire handler is right only if the helper two calls away from the unlock is kept */
#include <linux/fs.h>
#include <linux/module.h>
#include <linux/mutex.h>

struct tape_state {
	struct mutex lock;
	int busy;
	char label[32];
};

static struct tape_state tape;

static void tape_take(struct tape_state *s)
{
	mutex_lock(&s->lock);
}

static void tape_give(struct tape_state *s)
{
	mutex_unlock(&s->lock);
}

/* these two name no lock call: kept because they call tape_give, one
 * directly and one through tape_drop, defined after it (the closure runs
 * to a fixpoint) */
static void tape_drop(struct tape_state *s);

static void tape_release_all(struct tape_state *s)
{
	memset(s->label, 0, sizeof(s->label));
	tape_drop(s);
}

static void tape_drop(struct tape_state *s)
{
	s->busy = 0;
	tape_give(s);
}

static long tape_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	tape_take(&tape);
	if (cmd == 0)
		return -EINVAL; /* expect: lock-held-return */
	tape.busy = 1;
	tape_release_all(&tape);
	return 0;
}

static long tape_compat_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	tape_take(&tape);
	tape.busy = (int)cmd;
	tape_release_all(&tape);
	return 0;
}

/* bodies that take no part: left out */
#define TAPE_LABEL_MAX 31

static int tape_label_len(const char *p)
{
	int n = 0;

#define TAPE_STOP '}'
	while (n < TAPE_LABEL_MAX && p[n] && p[n] != TAPE_STOP)
		n++;
#ifdef CONFIG_TAPE_DEBUG
	pr_debug("label {%d}\n", n);
#else
	(void)"{";
#endif
	return n;
}

static unsigned int tape_checksum(const char *p, int n)
{
	unsigned int sum = 0;
	int i;

	for (i = 0; i < n; i++) {
		sum = (sum << 3) ^ (unsigned char)p[i];
		if (sum & 0x80000000u)
			sum ^= 0x04c11db7u;
	}
	return sum;
}

static const struct file_operations tape_fops = {
	.owner = THIS_MODULE,
	.unlocked_ioctl = tape_ioctl,
	.compat_ioctl = tape_compat_ioctl,
};
