/* case: lock-unbalanced must not fire: void functions that take a lock of their file and release it on no path on purpose: a seq_file-style start whose partner stop (same name up to its last word) releases it, and a function whose lock is its caller's to release (another file's, not defined here) */
/* args: -Wlock-unbalanced */
#include <linux/spinlock.h>

struct node {
	struct node *next;
	int v;
};

static DEFINE_SPINLOCK(list_lock);
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
