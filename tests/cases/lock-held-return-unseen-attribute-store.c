/* case: a subsystem's own attribute type, defined in a header that is not
 * in view (pciehp's struct hotplug_slot_attribute), filled with .show and
 * .store: whatever struct wraps them, show/store are a sysfs-like file's
 * read and write.  The store's helper returns -EINVAL with the slot's
 * mutex held (set_lock_status() before its fix), and the store returns
 * that error to the write(2). */
#include <linux/pci_hotplug.h>
#include <linux/mutex.h>

struct toy_slot { struct mutex crit_sect; unsigned long last_toggle; };

unsigned long toy_seconds(void);

static int toy_set_lock_status(struct toy_slot *slot, u8 status)
{
	mutex_lock(&slot->crit_sect);
	if (toy_seconds() - slot->last_toggle < 1)
		return -EINVAL;
	slot->last_toggle = toy_seconds();
	mutex_unlock(&slot->crit_sect);
	return 0;
}

static ssize_t toy_lock_write_file(struct hotplug_slot *hs, const char *buf, size_t count)
{
	struct toy_slot *slot = hs->private;
	int retval = toy_set_lock_status(slot, buf[0] == '1');

	if (retval)
		return retval; /* expect: lock-held-return */
	return count;
}

static ssize_t toy_lock_read_file(struct hotplug_slot *hs, char *buf)
{
	struct toy_slot *slot = hs->private;

	mutex_lock(&slot->crit_sect);
	if (!buf)
		return -EINVAL; /* expect: lock-held-return */
	mutex_unlock(&slot->crit_sect);
	return 0;
}

static struct hotplug_slot_attribute toy_attr_lock = {
	.attr = { .name = "lock", .mode = S_IFREG | S_IRUGO | S_IWUSR },
	.show = toy_lock_read_file,
	.store = toy_lock_write_file,
};
