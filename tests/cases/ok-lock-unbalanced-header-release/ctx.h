/* release wrappers, static inline in the header (spufs.h's spu_release(), ipc/util.h's ipc_unlock() over ipc_unlock_object()) */
#include <linux/mutex.h>
#include <linux/spinlock.h>
#include <linux/rcupdate.h>

struct ctx {
	struct mutex state_mutex;
	spinlock_t lock;
	int state;
};

static inline void ctx_drop(struct ctx *ctx)
{
	mutex_unlock(&ctx->state_mutex);
}

static inline void obj_unlock_object(struct ctx *p)
{
	spin_unlock(&p->lock);
}

static inline void obj_drop_all(struct ctx *p)
{
	obj_unlock_object(p);
	rcu_read_unlock();
}

/* a trylock wrapper: taken when it returns non-zero */
static inline int ctx_try_state(struct ctx *ctx)
{
	return mutex_trylock(&ctx->state_mutex);
}
