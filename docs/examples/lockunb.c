#include <linux/mutex.h>
#include <linux/slab.h>

struct sensor_hub {
	struct mutex lock;
	struct list_head clients;
	int nclients;
};

struct sensor_client {
	struct list_head node;
	int id;
};

static int hub_add_client(struct sensor_hub *hub)
{
	struct sensor_client *c;

	mutex_lock(&hub->lock);
	c = kzalloc(sizeof(*c), GFP_KERNEL);
	if (!c)
		return -ENOMEM;
	c->id = hub->nclients++;
	list_add_tail(&c->node, &hub->clients);
	mutex_unlock(&hub->lock);
	return c->id;
}

int hub_probe(struct sensor_hub *hub)
{
	int id = hub_add_client(hub);

	return id < 0 ? id : 0;
}
