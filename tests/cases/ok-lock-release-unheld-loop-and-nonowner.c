/* case: lock-release-unheld must not fire: a lock taken in a loop and kept when the loop breaks out, released below when `i < n` says it broke out (a loop's own test is not an assumption of the walk, so it also comes out of the loop unlocked with `i < n` unknown); and *_non_owner rwsem calls, taken by one task and released by another */
#include <linux/mutex.h>
#include <linux/rwsem.h>

struct table {
	struct mutex lock;
	struct rw_semaphore sem;
	int vals[16];
	void *cur;
};

int table_fill(struct table *t, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		mutex_lock(&t->lock);
		if (t->vals[i] < 0)
			break;
		t->vals[i]++;
		mutex_unlock(&t->lock);
	}
	if (i < n)
		goto out_unlock;
	return 0;

out_unlock:
	mutex_unlock(&t->lock);
	return -EINVAL;
}

/* the submitter took t->sem with down_read_non_owner(); a resubmission
 * takes it again for the next completion, which releases it */
void table_io_done(struct table *t, bool last)
{
	if (last)
		goto release;
	down_read_non_owner(&t->sem);
	t->cur = NULL;
release:
	up_read_non_owner(&t->sem);
}
