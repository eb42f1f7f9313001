/* case: lock-unbalanced: a lookup returns from inside the list walk without the unlock that the fall-through path does; the result is a plain int */
/* args: -Wlock-unbalanced */
#include <linux/spinlock.h>
#include <linux/list.h>

struct mac_filter {
	struct list_head list;
	u8 addr[6];
	int refs;
};

struct port_priv {
	spinlock_t mac_lock;
	struct list_head filters;
};

static int port_filter_refs(struct port_priv *pp, const u8 *addr)
{
	struct mac_filter *f;
	int refs = 0;

	spin_lock_bh(&pp->mac_lock);
	list_for_each_entry(f, &pp->filters, list) {
		if (ether_addr_equal(f->addr, addr))
			return f->refs; /* expect: lock-unbalanced */
	}
	spin_unlock_bh(&pp->mac_lock);
	return refs;
}

bool port_filter_in_use(struct port_priv *pp, const u8 *addr)
{
	return port_filter_refs(pp, addr) > 0;
}
