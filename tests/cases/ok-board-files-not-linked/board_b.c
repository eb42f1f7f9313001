/* case: board B defines the same extern board_panel_init, so it is never linked with board A;
 * its call through ->bridge_set cannot reach board A's setter (this file: B) */
#include <linux/fs.h>
#include <linux/device.h>

struct panel_ops {
	int (*bridge_set)(void *fbi);
};

extern struct panel_ops *board_panel;

int board_panel_init(void)
{
	return 0;
}

static ssize_t panel_on_store(struct device *dev, struct device_attribute *attr,
			      const char *buf, size_t size)
{
	if (board_panel && board_panel->bridge_set(NULL))
		return -EIO;
	return size;
}

static DEVICE_ATTR(panel_on, 0200, NULL, panel_on_store);
