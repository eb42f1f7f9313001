/* the subsystem header: release wrappers and a wait macro that drops and retakes the context's mutex (spufs.h's spufs_wait()) */
#include <linux/mutex.h>
#include <linux/spinlock.h>
#include <linux/rcupdate.h>

struct perm {
	spinlock_t lock;
	int seq;
};

struct octx {
	struct mutex state_mutex;
	struct perm perm;
	int state;
};

static inline void octx_drop(struct octx *ctx)
{
	mutex_unlock(&ctx->state_mutex);
}

static inline int octx_take(struct octx *ctx)
{
	return mutex_lock_interruptible(&ctx->state_mutex);
}

static inline void perm_unlock_object(struct perm *p)
{
	spin_unlock(&p->lock);
}

static inline void perm_unlock(struct perm *p)
{
	perm_unlock_object(p);
	rcu_read_unlock();
}

#define octx_wait(cond)					\
({							\
	int __ret = 0;					\
	for (;;) {					\
		if (cond)				\
			break;				\
		octx_drop(ctx);				\
		schedule();				\
		__ret = octx_take(ctx);			\
		if (__ret)				\
			break;				\
	}						\
	__ret;						\
})
