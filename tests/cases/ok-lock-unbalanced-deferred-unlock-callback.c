/* case: lock-unbalanced must not fire: the page-table lock taken on one path is handed to a deferred callback with the lock itself as its data (`mc_callback(pte_unlock_cb, ptl)`, the Xen multicall batch): the callback of this file releases its first parameter's lock, so the call releases ptl for this function */
/* args: -Wlock-unbalanced */
#include <linux/spinlock.h>

struct page;
spinlock_t *page_ptl(struct page *page);
void mc_callback(void (*fn)(void *), void *data);
void make_ro(struct page *page);

static void pte_unlock_cb(void *v)
{
	spin_unlock(v);
}

static void pin_page(struct page *page, int level)
{
	spinlock_t *ptl = NULL;

	if (level == 1) {
		ptl = page_ptl(page);
		spin_lock(ptl);
	}
	make_ro(page);
	if (ptl)
		mc_callback(pte_unlock_cb, ptl);
}
