/* case: lock-release-unheld must not fire: a call out of view whose name says it releases (ctx_unlock_put(c)) may or may not release the lock that hangs off its argument, so a later release of that lock is not judged */
#include <linux/mutex.h>

struct ctx {
	struct mutex lock;
	int state;
};

int ctx_start(struct ctx *c);
void ctx_unlock_put(struct ctx *c);

int ctx_run(struct ctx *c)
{
	int ret;

	mutex_lock(&c->lock);
	ret = ctx_start(c);
	if (ret)
		ctx_unlock_put(c);
	c->state = ret;
	mutex_unlock(&c->lock);
	return ret;
}
