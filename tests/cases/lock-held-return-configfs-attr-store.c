/* case: a configfs attribute declared with CONFIGFS_ATTR(toy_item_, enable) names toy_item_enable_show/_store; the store returns -EBUSY with the item mutex held, the show (CONFIGFS_ATTR_RO) unlocks */
#include <linux/configfs.h>
#include <linux/mutex.h>
#include <linux/kernel.h>

struct toy_item {
	struct config_item item;
	struct mutex lock;
	bool enabled, busy;
};

static inline struct toy_item *to_toy(struct config_item *item)
{
	return container_of(item, struct toy_item, item);
}

static ssize_t toy_item_enable_show(struct config_item *item, char *page)
{
	struct toy_item *t = to_toy(item);
	bool en;

	mutex_lock(&t->lock);
	en = t->enabled;
	mutex_unlock(&t->lock);
	return sprintf(page, "%d\n", en);
}

static ssize_t toy_item_enable_store(struct config_item *item, const char *page, size_t count)
{
	struct toy_item *t = to_toy(item);
	bool en;
	int ret = kstrtobool(page, &en);

	if (ret)
		return ret;
	mutex_lock(&t->lock);
	if (t->busy)
		return -EBUSY; /* expect: lock-held-return */
	t->enabled = en;
	mutex_unlock(&t->lock);
	return count;
}

static ssize_t toy_item_state_show(struct config_item *item, char *page)
{
	struct toy_item *t = to_toy(item);
	ssize_t n;

	mutex_lock(&t->lock);
	n = sprintf(page, "%s\n", t->busy ? "busy" : "idle");
	mutex_unlock(&t->lock);
	return n;
}

CONFIGFS_ATTR(toy_item_, enable);
CONFIGFS_ATTR_RO(toy_item_, state);

static struct configfs_attribute *toy_item_attrs[] = {
	&toy_item_attr_enable,
	&toy_item_attr_state,
	NULL,
};
