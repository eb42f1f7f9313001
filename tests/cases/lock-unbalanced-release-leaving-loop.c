/* case: lock-unbalanced: inside its loop, prefault_key() releases key->lock on one failure before `goto out`, and forgets it on another (i386 hugetlbpage.c, fixed in 2.6.0-test); the release on the way out of the loop is no loop unwinding an array, and the caller releasing another spinlock that alloc_key() kept (the global table lock) is no caller releasing key->lock */
/* args: -Wlock-unbalanced */
#include <linux/spinlock.h>

struct hkey {
	spinlock_t lock;
	int id, busy;
	void *pages[64];
};

struct region {
	spinlock_t page_table_lock;
	unsigned long start, end;
};

static DEFINE_SPINLOCK(table_lock);
static struct hkey keys[16];

void *pte_alloc_at(struct region *r, unsigned long addr);
void *page_alloc_huge(void);

/* returns with table_lock held: its callers release it */
static struct hkey *alloc_key(int id)
{
	spin_lock(&table_lock);
	keys[id & 15].busy = 1;
	return &keys[id & 15];
}

static int prefault_key(struct hkey *key, struct region *r)
{
	unsigned long addr;
	int ret = 0;

	spin_lock(&r->page_table_lock);
	spin_lock(&key->lock);
	for (addr = r->start; addr < r->end; addr += 4096) {
		unsigned long idx = (addr - r->start) >> 22;

		if (!pte_alloc_at(r, addr)) {
			ret = -ENOMEM;
			goto out;
		}
		if (!key->pages[idx]) {
			key->pages[idx] = page_alloc_huge();
			if (!key->pages[idx]) {
				spin_unlock(&key->lock);
				ret = -ENOMEM;
				goto out;
			}
		}
	}
	spin_unlock(&key->lock);
out:
	spin_unlock(&r->page_table_lock);
	return ret; /* expect: lock-unbalanced */
}

int map_key(int id, struct region *r)
{
	struct hkey *key = alloc_key(id);
	int ret;

	spin_unlock(&table_lock);
	ret = prefault_key(key, r);
	key->busy = 0;
	return ret;
}
