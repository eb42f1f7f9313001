/* a header "trylock" over RCU with two definitions (the shape of
 * memcontrol.h's mem_cgroup_trylock_pages()): with the feature it may fail
 * and then holds nothing; without it, it always succeeds */
#include <linux/rcupdate.h>

struct grp {
	atomic_t moving;
};

#ifdef CONFIG_GRP
static inline bool grp_trylock(struct grp *g)
{
	rcu_read_lock();

	if (!g || !atomic_read(&g->moving))
		return true;

	rcu_read_unlock();
	return false;
}
#else
static inline bool grp_trylock(struct grp *g)
{
	rcu_read_lock();
	return true;
}
#endif

static inline void grp_unlock(void)
{
	rcu_read_unlock();
}
