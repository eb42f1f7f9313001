/* case: a setup helper takes core->lock and, while holding it, stores the lock's address into a queue that will take it later (q->lock = &core->lock, as media drivers hand their vb2 queue the device mutex); the analysis stops following a lock whose address is handed on, so the token check must not settle this body on its own: it is parsed, and nothing is reported */
#include <linux/mutex.h>
#include <linux/errno.h>

struct foo_core {
	struct mutex lock;
	int users;
};

struct foo_queue {
	struct mutex *lock;
	void *owner;
};

int foo_queue_init(struct foo_queue *q);
void foo_queue_release(struct foo_queue *q);

int foo_setup(struct foo_core *core, struct foo_queue *q)
{
	int err;

	mutex_lock(&core->lock);
	q->lock = &core->lock;
	err = foo_queue_init(q);
	if (err < 0)
		goto fail;
	core->users++;
	mutex_unlock(&core->lock);
	return 0;

fail:
	foo_queue_release(q);
	mutex_unlock(&core->lock);
	return err;
}
