/* case: lock-held-return must not fire: a helper takes two locks and returns an error pointer without either (lock_mount() takes the inode's rwsem and namespace_sem, 6.1); the system call's IS_ERR() test decides both, so its error jump holds nothing */
#include <linux/syscalls.h>
#include <linux/rwsem.h>
#include <linux/err.h>

static DECLARE_RWSEM(ns_sem);

struct mp {
	struct rw_semaphore *ilock;
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
	error = PTR_ERR(mp);
	if (IS_ERR(mp))
		goto out;
	error = do_move(mp);
	unlock_mp(mp);
out:
	return error;
}
