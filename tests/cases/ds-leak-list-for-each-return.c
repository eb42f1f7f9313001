/* case: an ndo_do_ioctl returns from inside list_for_each_entry while KERNEL_DS is raised */
#include <linux/module.h>
#include <linux/netdevice.h>
#include <linux/mii.h>
#include <linux/list.h>
#include <linux/uaccess.h>

struct vbond_slave {
	struct list_head list;
	struct net_device *dev;
};

struct vbond {
	struct list_head slaves;
};

static int vbond_do_ioctl(struct net_device *dev, struct ifreq *ifr, int cmd)
{
	struct vbond *vb = netdev_priv(dev);
	struct mii_ioctl_data *mii = if_mii(ifr);
	struct vbond_slave *s;
	struct ifreq sifr;
	mm_segment_t old_fs;
	int ret = -EOPNOTSUPP;

	if (cmd != SIOCGMIIREG)
		return -EOPNOTSUPP;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	list_for_each_entry(s, &vb->slaves, list) {
		const struct net_device_ops *ops = s->dev->netdev_ops;

		if (!ops->ndo_do_ioctl)
			continue;
		strncpy(sifr.ifr_name, s->dev->name, IFNAMSIZ);
		*if_mii(&sifr) = *mii;
		ret = ops->ndo_do_ioctl(s->dev, &sifr, SIOCGMIIREG);
		if (ret == 0) {
			mii->val_out = if_mii(&sifr)->val_out;
			return 0; /* expect: ds-leak */
		}
	}
	set_fs(old_fs);
	return ret;
}

static const struct net_device_ops vbond_netdev_ops = {
	.ndo_do_ioctl	= vbond_do_ioctl,
};
