/* case: lock-unbalanced: atomic_dec_and_lock() takes the lock (its second argument) only when it drops the last reference, and returns true then; a void put() that unlinks the object on that path and never unlocks leaves the file's lock held where the count reached zero, while the file's lookup takes and releases the same lock (auth_domain_put() of net/sunrpc/svcauth.c, bench/lockbugs.json sunrpc-auth-domain-put: upstream fix "sunrpc: add missing spin_unlock") */
/* args: -Wlock-unbalanced */
#include <linux/list.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/string.h>

struct auth_domain {
	atomic_t ref;
	struct hlist_node hash;
	char *name;
	void (*release)(struct auth_domain *);
};

static struct hlist_head auth_domain_table[64];
static DEFINE_SPINLOCK(auth_domain_lock);

void auth_domain_put(struct auth_domain *dom)
{
	if (atomic_dec_and_lock(&dom->ref, &auth_domain_lock)) {
		hlist_del(&dom->hash);
		dom->release(dom);
	}
} /* expect: lock-unbalanced */

struct auth_domain *auth_domain_lookup(const char *name, struct auth_domain *new)
{
	struct auth_domain *hp;
	struct hlist_head *head = &auth_domain_table[strlen(name) & 63];

	spin_lock(&auth_domain_lock);
	hlist_for_each_entry(hp, head, hash) {
		if (strcmp(hp->name, name) == 0) {
			atomic_inc(&hp->ref);
			spin_unlock(&auth_domain_lock);
			return hp;
		}
	}
	if (new)
		hlist_add_head(&new->hash, head);
	spin_unlock(&auth_domain_lock);
	return new;
}
