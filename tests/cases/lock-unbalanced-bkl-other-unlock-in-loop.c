/* case: lock-unbalanced: a function that takes the big kernel lock returns early with it when there is nothing to undo, and releases it at the end; a loop between them calls sem_unlock() (out of view: a release by its name only, of some other lock) — no loop unwinding the BKL, which has no object (sem_exit() of 2.5.9, fixed by 23bd3bb40a67 "2.5.10 BKL not always released in sem_exit()") */
/* args: -Wlock-unbalanced */
#include <linux/smp_lock.h>

struct undo_list {
	int refcnt;
	int n;
	int *ids;
};

struct undo_list *current_undo_list(void);
void *sem_lock(int id);
void sem_unlock(int id);
void undo_one(void *sma, int id);
void exit_semundo(void);

void sem_exit(void)
{
	struct undo_list *ul;
	int i;

	lock_kernel();
	ul = current_undo_list();
	if (ul == NULL || ul->refcnt != 1)
		return; /* expect: lock-unbalanced */
	for (i = 0; i < ul->n; i++) {
		void *sma = sem_lock(ul->ids[i]);
		if (sma == NULL)
			continue;
		undo_one(sma, ul->ids[i]);
		sem_unlock(ul->ids[i]);
	}
	exit_semundo();
	unlock_kernel();
}
