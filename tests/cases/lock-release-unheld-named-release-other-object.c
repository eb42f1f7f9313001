/* case: lock-release-unheld: a call out of view whose name says it releases (ctx_unlock_put(ctx)) is taken to release the locks that hang off its argument only; the device's own mutex, released twice on the error path, is still checked */
#include <linux/mutex.h>

struct ctx {
	struct mutex lock;
	int state;
};

struct dev {
	struct mutex lock;
	struct ctx *ctx;
	int users;
};

int ctx_start(struct ctx *c);
void ctx_unlock_put(struct ctx *c);

int dev_start(struct dev *dev)
{
	struct ctx *c = dev->ctx;
	int ret;

	mutex_lock(&dev->lock);
	mutex_lock(&c->lock);
	ret = ctx_start(c);
	ctx_unlock_put(c);
	if (ret) {
		mutex_unlock(&dev->lock);
	}
	dev->users++;
	mutex_unlock(&dev->lock); /* expect: lock-release-unheld */
	return ret;
}
