/* case: lock-held-return must fire: the helper takes two locks and hands both back when it returns no error; the system call's early return after the IS_ERR() test keeps them */
#include <linux/syscalls.h>
#include <linux/rwsem.h>
#include <linux/err.h>

static DECLARE_RWSEM(ns_sem);

struct mp {
	struct rw_semaphore *ilock;
	int busy;
};

struct mp *find_mp(struct rw_semaphore *ilock);

static struct mp *lock_mp(struct rw_semaphore *ilock)
{
	struct mp *mp;

	down_write(ilock);
	down_write(&ns_sem);
	mp = find_mp(ilock);
	if (IS_ERR(mp)) {
		up_write(&ns_sem);
		up_write(ilock);
		return mp;
	}
	return mp;
}

static void unlock_mp(struct mp *mp)
{
	up_write(&ns_sem);
	up_write(mp->ilock);
}

int do_move(struct mp *mp);

SYSCALL_DEFINE1(pivot_mp, struct rw_semaphore *, ilock)
{
	struct mp *mp;
	int error;

	mp = lock_mp(ilock);
	if (IS_ERR(mp))
		return PTR_ERR(mp);
	if (mp->busy)
		return -EBUSY; /* expect: lock-held-return */
	error = do_move(mp);
	unlock_mp(mp);
	return error;
}
