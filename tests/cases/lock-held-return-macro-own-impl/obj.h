/* a header's lock pair: the lock is a static inline, the unlock a macro
 * that checks its argument and calls its own implementation __NAME() */
#include <linux/spinlock.h>

struct obj {
	spinlock_t lock;
	int busy;
	long val;
};

static inline void obj_lock(struct obj *o)
{
	spin_lock(&o->lock);
}

static inline void __obj_unlock(struct obj *o)
{
	spin_unlock(&o->lock);
}

#define obj_unlock(__o)						\
do {								\
	BUILD_BUG_ON(!__same_type((__o), struct obj *));	\
	__obj_unlock(__o);					\
} while (0)
