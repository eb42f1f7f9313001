/* case: lock-unbalanced must not fire: the result does tell, through a local the path gave a value — a fault handler returns 1 ("handled") with the RCU read lock and preemption kept for its single-step partner and `ret`, initialised to 0 and never written again, where it released them; a journal reservation returns 0 with the write-buffer mutex held and `err` where it released it, `err` being -EROFS or a `lnum` the path tested negative */
/* args: -Wlock-unbalanced */
#include <linux/mutex.h>
#include <linux/rcupdate.h>
#include <linux/preempt.h>

struct mmio_probe { int armed; };
struct mmio_probe *mmio_find_probe(unsigned long addr);

static int mmio_fault_handler(unsigned long addr)
{
	struct mmio_probe *p;
	int ret = 0;

	preempt_disable();
	rcu_read_lock();
	p = mmio_find_probe(addr);
	if (!p)
		goto no_probe;
	if (!p->armed) {
		ret = -EINVAL;
		goto no_probe;
	}
	return 1;

no_probe:
	rcu_read_unlock();
	preempt_enable_no_resched();
	return ret;
}

struct jwbuf { struct mutex io_mutex; int lnum; int avail; };
struct jinfo { struct jwbuf heads[4]; int ro_error; };
int j_find_free(struct jinfo *c, int len);
int j_sync(struct jwbuf *w);

static int j_reserve(struct jinfo *c, int head, int len)
{
	struct jwbuf *wbuf = &c->heads[head];
	int err = 0, lnum;

	mutex_lock(&wbuf->io_mutex);
	if (c->ro_error) {
		err = -EROFS;
		goto out_unlock;
	}
	if (wbuf->lnum != -1 && wbuf->avail >= len)
		return 0;
	lnum = j_find_free(c, len);
	if (lnum < 0) {
		err = lnum;
		goto out_unlock;
	}
	wbuf->lnum = lnum;
	err = j_sync(wbuf);
	if (err)
		goto out_unlock;
	return 0;

out_unlock:
	mutex_unlock(&wbuf->io_mutex);
	return err;
}

int j_write(struct jinfo *c, int len, unsigned long addr)
{
	if (mmio_fault_handler(addr))
		return 0;
	return j_reserve(c, 0, len);
}
