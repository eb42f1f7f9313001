/* case: lock-unbalanced fires: the deferred callback is handed another object than the lock (`mc_callback(pte_unlock_cb, page)`), so nothing releases ptl */
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
		mc_callback(pte_unlock_cb, page);
} /* expect: lock-unbalanced */
