/* case: lock-unbalanced must not fire: the releases are in the header's static inline wrappers (one of them through another wrapper, and RCU with the spinlock); a trylock wrapper of the header takes the mutex only when it returns non-zero */
#include "ctx.h"

int ctx_run_one(struct ctx *ctx);

int ctx_run(struct ctx *ctx)
{
	int ret;

	mutex_lock(&ctx->state_mutex);
	ret = ctx_run_one(ctx);
	if (ret) {
		ctx_drop(ctx);
		return ret;
	}
	ctx->state = 1;
	mutex_unlock(&ctx->state_mutex);
	return 0;
}

void obj_destroy_orphan(struct ctx *p, int orphan)
{
	rcu_read_lock();
	spin_lock(&p->lock);
	if (orphan) {
		p->state = 0;
		obj_drop_all(p);
		return;
	}
	spin_unlock(&p->lock);
	rcu_read_unlock();
}

int ctx_poke(struct ctx *ctx)
{
	if (!ctx_try_state(ctx))
		return -EAGAIN;
	if (ctx->state) {
		ctx_drop(ctx);
		return -EBUSY;
	}
	ctx->state = 2;
	mutex_unlock(&ctx->state_mutex);
	return 0;
}
