/* case: lock-unbalanced: the early return after a failed kzalloc() leaves the hub mutex held while every other path unlocks; the result (an id or -ENOMEM) does not say which */
/* args: -Wlock-unbalanced */
#include <linux/slab.h>
#include <linux/mutex.h>
#include <linux/list.h>

struct evt_client {
	struct list_head node;
	int id;
};

struct evt_hub {
	struct mutex lock;
	struct list_head clients;
	int next_id;
};

static int evt_hub_add_client(struct evt_hub *hub)
{
	struct evt_client *c;

	mutex_lock(&hub->lock);
	c = kzalloc(sizeof(*c), GFP_KERNEL);
	if (!c)
		return -ENOMEM; /* expect: lock-unbalanced */
	c->id = hub->next_id++;
	list_add_tail(&c->node, &hub->clients);
	mutex_unlock(&hub->lock);
	return c->id;
}

int evt_hub_probe_clients(struct evt_hub *hub, int n)
{
	int i, id = 0;

	for (i = 0; i < n && id >= 0; i++)
		id = evt_hub_add_client(hub);
	return id < 0 ? id : 0;
}
