/* case: lock-unbalanced: a console write tests `ready` before it takes the
 * buffer's lock and again once it holds it (the state may change while it
 * waits: that is why it tests again), and the second test returns without
 * the unlock.  Taking a lock forgets what the path tested through a pointer
 * before it, so the second test can fail (the shape of mtdoops_console_write()
 * of 2.6.2x, fixed by 48ec00ac8950 "[MTD] mtdoops: fix a bit of spin lock
 * usage"). */
/* args: -Wlock-unbalanced */
#include <linux/spinlock.h>
#include <linux/console.h>
#include <linux/string.h>

struct oops_ctx {
	int ready;
	spinlock_t count_lock;
	size_t count;
	char buf[4096];
};

void oops_sync(void);

static void oops_console_write(struct console *co, const char *s, unsigned int n)
{
	struct oops_ctx *cx = co->data;
	unsigned long flags;

	if (!cx->ready)
		return;
	spin_lock_irqsave(&cx->count_lock, flags);
	if (!cx->ready)
		return; /* expect: lock-unbalanced */
	if (cx->count + n > sizeof(cx->buf))
		n = sizeof(cx->buf) - cx->count;
	memcpy(cx->buf + cx->count, s, n);
	cx->count += n;
	spin_unlock_irqrestore(&cx->count_lock, flags);
}

static struct console oops_console = {
	.name = "oops",
	.write = oops_console_write,
};
