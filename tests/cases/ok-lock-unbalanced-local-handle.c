/* case: lock-unbalanced must not fire: the release sits under a test of a local the function keeps for the lock, and the path that skips it is one the local rules out — a handle set right after a trylock (`m1 = &sb->rename_mutex; ... if (m1) mutex_unlock(m1);`), a retry flag that is 0 on the first pass and set only after the unlock (`if (!(seq & 1)) rcu_read_unlock(); ... seq = 1; goto restart;`), state bits of the old and new states (`if (newst & ST_RCU) rcu_read_lock(); ... if (oldst & ST_RCU) rcu_read_unlock();`), and a local pointing at the locked object, released by a header's unlock wrapper (`locked = lruvec; ... if (locked) unlock_lruvec_irqrestore(locked, flags);`) */
/* args: -Wlock-unbalanced */
#include <linux/mutex.h>
#include <linux/rwsem.h>
#include <linux/rcupdate.h>
#include <linux/spinlock.h>

struct fsb_super { struct mutex rename_mutex; };
struct fsb_inode { struct rw_semaphore rwsem; };
struct fsb_dentry { struct fsb_super *sb; struct fsb_dentry *parent; struct fsb_inode *inode; };

void fsb_move(struct fsb_dentry *a, struct fsb_dentry *b);

static int fsb_unalias(struct fsb_dentry *dentry, struct fsb_dentry *alias)
{
	struct mutex *m1 = NULL;
	struct rw_semaphore *m2 = NULL;
	int ret = -ESTALE;

	if (alias->parent == dentry->parent)
		goto out_move;
	if (!mutex_trylock(&dentry->sb->rename_mutex))
		goto out_err;
	m1 = &dentry->sb->rename_mutex;
	if (!down_read_trylock(&alias->parent->inode->rwsem))
		goto out_err;
	m2 = &alias->parent->inode->rwsem;
out_move:
	fsb_move(alias, dentry);
	ret = 0;
out_err:
	if (m2)
		up_read(m2);
	if (m1)
		mutex_unlock(m1);
	return ret;
}

struct walk_buf { char *p; int len; };
extern seqlock_t fsb_rename_lock;
int fsb_prepend(struct fsb_dentry *d, struct walk_buf *b);

static int fsb_path(struct fsb_dentry *d, struct walk_buf *out)
{
	struct walk_buf b;
	unsigned seq = 0;
	int error;

	rcu_read_lock();
restart:
	b = *out;
	read_seqbegin_or_lock(&fsb_rename_lock, &seq);
	error = fsb_prepend(d, &b);
	if (!(seq & 1))
		rcu_read_unlock();
	if (need_seqretry(&fsb_rename_lock, seq)) {
		seq = 1;
		goto restart;
	}
	done_seqretry(&fsb_rename_lock, seq);
	*out = b;
	return error;
}

#define ST_RCU	0x1
#define ST_BH	0x2

static void rdr_extend(int *readstate, int newstate)
{
	int statesnew = ~*readstate & newstate;
	int statesold = *readstate & ~newstate;

	if (statesnew & ST_BH)
		local_bh_disable();
	if (statesnew & ST_RCU)
		rcu_read_lock();
	if (statesold & ST_RCU)
		rcu_read_unlock();
	if (statesold & ST_BH)
		local_bh_enable();
	*readstate = newstate;
}

struct lruv { spinlock_t lru_lock; int n; };
struct pg { struct lruv *lruvec; struct pg *next; };

static void scan_pages(struct pg *list, int *isolated)
{
	struct lruv *locked = NULL;
	unsigned long flags;
	struct pg *p;

	for (p = list; p; p = p->next) {
		struct lruv *lruvec = p->lruvec;

		if (lruvec != locked) {
			if (locked)
				unlock_lruvec_irqrestore(locked, flags);
			spin_lock_irqsave(&lruvec->lru_lock, flags);
			locked = lruvec;
		}
		lruvec->n--;
		(*isolated)++;
	}
	if (locked)
		unlock_lruvec_irqrestore(locked, flags);
}

int fsb_rename(struct fsb_dentry *a, struct fsb_dentry *b, struct walk_buf *w, int *st, int *n)
{
	scan_pages(NULL, n);
	rdr_extend(st, 0);
	fsb_path(a, w);
	return fsb_unalias(a, b);
}
