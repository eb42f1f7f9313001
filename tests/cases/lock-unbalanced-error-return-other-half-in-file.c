/* case: lock-unbalanced: a missed unlock on an error path is reported although another function of the file releases the same lock without taking it — a seq_file ->stop() that ends what ->start() took (tracing_set_tracer(), fixed by 59f586db9891), or the file's own unlock wrapper (tg3_open(), fixed in 2.6.26); held only where an error is returned and released where 0 is, the lock is not handed over to that other function. Neither is it by storing the locked object into its own field, nor ended by a free on a later error path */
/* args: -Wlock-unbalanced */
#include <linux/mutex.h>
#include <linux/spinlock.h>
#include <linux/seq_file.h>
#include <linux/timer.h>

static DEFINE_MUTEX(types_lock);
static int cur_type;

int resize_buffers(int size);
int type_find(const char *name);

static void *t_start(struct seq_file *m, loff_t *pos)
{
	mutex_lock(&types_lock);
	return *pos ? NULL : &cur_type;
}

static void t_stop(struct seq_file *m, void *p)
{
	mutex_unlock(&types_lock);
}

static int set_type(const char *buf, int expanded)
{
	int ret = 0;

	mutex_lock(&types_lock);
	if (!expanded) {
		ret = resize_buffers(4096);
		if (ret < 0)
			return ret; /* expect: lock-unbalanced */
		ret = 0;
	}
	if (type_find(buf) < 0) {
		ret = -EINVAL;
		goto out;
	}
	cur_type = type_find(buf);
out:
	mutex_unlock(&types_lock);
	return ret;
}

int set_type_cmd(const char *buf)
{
	return set_type(buf, 0);
}

struct nic {
	spinlock_t lock;
	struct timer_list timer;
	int flags;
};

static inline void nic_full_lock(struct nic *tp)
{
	spin_lock_bh(&tp->lock);
}

static inline void nic_full_unlock(struct nic *tp)
{
	spin_unlock_bh(&tp->lock);
}

int nic_set_power(struct nic *tp, int state);
int nic_init_hw(struct nic *tp);
void nic_free_consistent(struct nic *tp);

int nic_open(struct nic *tp)
{
	int err;

	nic_full_lock(tp);
	err = nic_set_power(tp, 0);
	if (err)
		return err; /* expect: lock-unbalanced */
	tp->flags = 0;
	nic_full_unlock(tp);

	nic_full_lock(tp);
	err = nic_init_hw(tp);
	if (!err)
		tp->timer.data = (unsigned long)tp;
	nic_full_unlock(tp);
	if (err) {
		nic_free_consistent(tp);
		return err;
	}
	return 0;
}

static const struct seq_operations type_seq_ops = {
	.start = t_start,
	.stop = t_stop,
};
