/* case: lock-unbalanced: a void function that returns early before taking the file's lock, then takes it and releases it on no path (held at every exit where it was taken), while the file's other function releases it; and a trylock in a void function whose success path forgets the unlock */
/* args: -Wlock-unbalanced */
#include <linux/list.h>
#include <linux/spinlock.h>

struct item {
	struct list_head node;
	int live;
};

static DEFINE_SPINLOCK(items_lock);
static LIST_HEAD(items);

void item_retire(struct item *it)
{
	if (!it->live)
		return;
	spin_lock(&items_lock);
	list_del(&it->node);
	it->live = 0;
} /* expect: lock-unbalanced */

void item_try_retire(struct item *it)
{
	if (spin_trylock(&items_lock)) {
		list_del(&it->node);
		it->live = 0;
	}
} /* expect: lock-unbalanced */

void item_add(struct item *it)
{
	spin_lock(&items_lock);
	list_add(&it->node, &items);
	it->live = 1;
	spin_unlock(&items_lock);
}
