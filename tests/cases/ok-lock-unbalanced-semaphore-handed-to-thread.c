/* case: lock-unbalanced must not fire: the semaphore is taken and a kernel thread started that gives it back when it ends (dvb_frontend_start(), 6.1); the error return gives it back itself, and the early return takes nothing */
/* args: -Wlock-unbalanced */
#include <linux/semaphore.h>
#include <linux/kthread.h>
#include <linux/err.h>

struct fe {
	struct semaphore sem;
	struct task_struct *thread;
	int state;
};

static int fe_thread(void *data)
{
	struct fe *fe = data;

	while (!kthread_should_stop())
		fe->state++;
	up(&fe->sem);
	return 0;
}

int fe_start(struct fe *fe)
{
	struct task_struct *t;

	if (fe->thread)
		return 0;
	if (down_interruptible(&fe->sem))
		return -EINTR;
	fe->state = 0;
	t = kthread_run(fe_thread, fe, "fe");
	if (IS_ERR(t)) {
		up(&fe->sem);
		return PTR_ERR(t);
	}
	fe->thread = t;
	return 0;
}
