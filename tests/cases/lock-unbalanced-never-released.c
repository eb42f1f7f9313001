/* case: lock-unbalanced: a void function takes a lock its file defines and releases it on no path, where the file's other functions that take it release it; the file's seq_file start/stop pair hands the same lock from one to the other, which excuses only the start (ax25_send_to_raw() of 2.6, fixed by cdd7785031af "[AX25]: Missing spin_unlock() and recvmsg reported dst instead of src.") */
/* args: -Wlock-unbalanced */
#include <linux/seq_file.h>
#include <linux/spinlock.h>

struct ax25_cb {
	struct ax25_cb *next;
	int proto;
};

spinlock_t ax25_list_lock = SPIN_LOCK_UNLOCKED;
static struct ax25_cb *ax25_list;

void ax25_queue(struct ax25_cb *s);

void ax25_insert(struct ax25_cb *s)
{
	spin_lock_bh(&ax25_list_lock);
	s->next = ax25_list;
	ax25_list = s;
	spin_unlock_bh(&ax25_list_lock);
}

void ax25_send_to_raw(int proto)
{
	struct ax25_cb *s;

	spin_lock_bh(&ax25_list_lock);
	for (s = ax25_list; s; s = s->next) {
		if (s->proto != proto)
			continue;
		ax25_queue(s);
	}
} /* expect: lock-unbalanced */

static void *ax25_info_start(struct seq_file *seq, loff_t *pos)
{
	spin_lock_bh(&ax25_list_lock);
	return ax25_list;
}

static void ax25_info_stop(struct seq_file *seq, void *v)
{
	spin_unlock_bh(&ax25_list_lock);
}
