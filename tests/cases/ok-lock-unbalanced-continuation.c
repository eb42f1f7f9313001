/* case: lock-unbalanced must not fire: one step of a protocol across calls — a read that returns with its locks held while *cookie says more is to come, and releases the same locks (taken by an earlier call) in the call that finishes; a seq_file-style iterator that returns an element with the RCU read lock held and drops the lock of the previous call when it moves on; an out-parameter handed the locked object (`*bucket = get_bucket(...)`, the caller's bucket released first) */
/* args: -Wlock-unbalanced */
#include <linux/mutex.h>
#include <linux/rwsem.h>
#include <linux/rcupdate.h>
#include <linux/spinlock.h>

struct ld_data { struct mutex read_lock; struct rw_semaphore termios; int avail; };

int ld_copy(struct ld_data *ld, char **kb, int *nr);

static int ld_read(struct ld_data *ld, char *kbuf, int nr, void **cookie)
{
	char *kb = kbuf;

	if (*cookie) {
		if (ld_copy(ld, &kb, &nr))
			return kb - kbuf;
		up_read(&ld->termios);
		mutex_unlock(&ld->read_lock);
		*cookie = NULL;
		return kb - kbuf;
	}
	if (mutex_lock_interruptible(&ld->read_lock))
		return -ERESTARTSYS;
	down_read(&ld->termios);
	if (ld_copy(ld, &kb, &nr) && ld->avail) {
		*cookie = cookie;
		return kb - kbuf;
	}
	up_read(&ld->termios);
	mutex_unlock(&ld->read_lock);
	return kb - kbuf;
}

struct it_elem { struct it_elem *next; int key; };
struct it_bucket { struct it_elem *head; };
struct it_info { struct it_bucket *buckets; unsigned nb, bucket_id, skip; };

static struct it_elem *it_find_next(struct it_info *info, struct it_elem *prev)
{
	unsigned i, count;
	struct it_elem *e;

	if (info->bucket_id >= info->nb)
		return NULL;
	if (prev) {
		e = prev->next;
		if (e)
			return e;
		info->bucket_id++;
		rcu_read_unlock();
		info->skip = 0;
	}
	for (i = info->bucket_id; i < info->nb; i++) {
		rcu_read_lock();
		count = 0;
		for (e = info->buckets[i].head; e; e = e->next) {
			if (count >= info->skip) {
				info->bucket_id = i;
				info->skip = count;
				return e;
			}
			count++;
		}
		rcu_read_unlock();
		info->skip = 0;
	}
	info->bucket_id = i;
	return NULL;
}

struct hbucket { spinlock_t lock; struct it_elem *list; };
extern struct hbucket hash_table[64];

static struct hbucket *get_bucket(int idx, unsigned long *flags)
{
	unsigned long f;

	spin_lock_irqsave(&hash_table[idx].lock, f);
	*flags = f;
	return &hash_table[idx];
}

static void put_bucket(struct hbucket *b, unsigned long flags)
{
	spin_unlock_irqrestore(&b->lock, flags);
}

static struct it_elem *bucket_find_back(struct hbucket **bucket, int idx, unsigned long *flags)
{
	for (int i = idx; i >= 0; i--) {
		struct it_elem *e = (*bucket)->list;

		if (e)
			return e;
		put_bucket(*bucket, *flags);
		*bucket = get_bucket(i - 1, flags);
	}
	return NULL;
}

int it_use(struct it_info *info, struct ld_data *ld, char *buf, void **cookie, struct hbucket **b, unsigned long *fl)
{
	it_find_next(info, NULL);
	bucket_find_back(b, 3, fl);
	return ld_read(ld, buf, 16, cookie);
}
