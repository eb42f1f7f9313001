/* case: an ndo_do_ioctl restores the limit before returning from inside list_for_each_entry */
#include <linux/module.h>
#include <linux/netdevice.h>
#include <linux/mii.h>
#include <linux/list.h>
#include <linux/uaccess.h>

struct lagg_port {
	struct list_head list;
	struct net_device *dev;
};

struct lagg {
	struct list_head ports;
};

static int lagg_do_ioctl(struct net_device *dev, struct ifreq *ifr, int cmd)
{
	struct lagg *lg = netdev_priv(dev);
	struct mii_ioctl_data *mii = if_mii(ifr);
	struct lagg_port *p;
	struct ifreq pifr;
	mm_segment_t old_fs;
	int ret = -ENODEV;

	if (cmd != SIOCGMIIPHY)
		return -EOPNOTSUPP;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	list_for_each_entry(p, &lg->ports, list) {
		if (!p->dev->netdev_ops->ndo_do_ioctl)
			continue;
		strncpy(pifr.ifr_name, p->dev->name, IFNAMSIZ);
		ret = p->dev->netdev_ops->ndo_do_ioctl(p->dev, &pifr, SIOCGMIIPHY);
		if (ret == 0) {
			set_fs(old_fs);
			mii->phy_id = if_mii(&pifr)->phy_id;
			return 0;
		}
	}
	set_fs(old_fs);
	return ret;
}

static const struct net_device_ops lagg_netdev_ops = {
	.ndo_do_ioctl	= lagg_do_ioctl,
};
