/* case: lock-unbalanced must not fire: void functions that take a lock of their file and release it on no path on purpose: a seq_file-style start whose partner stop (the same name but one word) releases it, an acquire_fc_mutex() whose release_fc_mutex() does (a Marvell 3.4 clock driver's exported pair), and a function whose lock is its caller's to release (another file's, not defined here) */
/* args: -Wlock-unbalanced */
#include <linux/mutex.h>
#include <linux/spinlock.h>

struct node {
	struct node *next;
	int v;
};

static DEFINE_SPINLOCK(list_lock);
static DEFINE_MUTEX(ddr_freqs_mutex);
static struct node *list_head;
extern spinlock_t other_lock;

void list_walk_start(void)
{
	spin_lock(&list_lock);
}

void list_walk_stop(void)
{
	spin_unlock(&list_lock);
}

void list_add_node(struct node *n)
{
	spin_lock(&list_lock);
	n->next = list_head;
	list_head = n;
	spin_unlock(&list_lock);
}

void other_prepare(struct node *n)
{
	spin_lock(&other_lock);
	n->v = 1;
}

void acquire_fc_mutex(void)
{
	mutex_lock(&ddr_freqs_mutex);
}

void release_fc_mutex(void)
{
	mutex_unlock(&ddr_freqs_mutex);
}

void ddr_set_rate(struct node *n)
{
	mutex_lock(&ddr_freqs_mutex);
	n->v = 2;
	mutex_unlock(&ddr_freqs_mutex);
}
