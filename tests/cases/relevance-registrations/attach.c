/* case: relevance pass: its lock body settles from its tokens, so the file is not parsed at first; another body registers gadget_net_ioctl() by assignment, and the file is parsed when the probe asks who registers it (a registration inside a body counts) */
#include <linux/netdevice.h>
#include <linux/spinlock.h>
#include "gadget.h"

static struct net_device_ops gadget_netdev_ops;
static DEFINE_SPINLOCK(attach_lock);
static int attached;

int gadget_try_attach(int n)
{
	spin_lock(&attach_lock);
	while (n-- > 0) {
		if (attached > 8)
			goto full;
		attached++;
	}
	spin_unlock(&attach_lock);
	return 0;
full:
	spin_unlock(&attach_lock);
	return -ENOSPC;
}

int gadget_attach_netdev(struct net_device *ndev)
{
	gadget_netdev_ops.ndo_do_ioctl = gadget_net_ioctl;
	ndev->netdev_ops = &gadget_netdev_ops;
	return register_netdev(ndev);
}
