#include <linux/netdevice.h>

static int nic_mii_ioctl(struct net_device *ndev, struct ifreq *ifr, int cmd)
{
	struct nic_hw *hw = netdev_priv(ndev);
	int ret;

	ret = hw_sem_get_timeout(hw, 100);
	if (ret)
		return ret;
	if (cmd != SIOCGMIIREG)
		return -EOPNOTSUPP;
	ret = nic_phy_read(hw, if_mii(ifr));
	hw_sem_put(hw);
	return ret;
}

static const struct net_device_ops nic_ops = {
	.ndo_eth_ioctl = nic_mii_ioctl,
};
