/* case: user rule nic_hw_sem (hw_sem_get/hw_sem_get_timeout-if-zero/hw_sem_put, lock-held-return): the ndo_eth_ioctl MII write path returns -EINVAL for a bad register without hw_sem_put; the read path and the timed-out get are fine */
#include <linux/module.h>
#include <linux/netdevice.h>
#include <linux/mii.h>
#include <linux/delay.h>
#include <linux/io.h>

#define NIC_SEM_REG	0x5b50
#define NIC_MDIC	0x0020
#define NIC_MDIC_READY	BIT(28)

struct nic_hw {
	void __iomem *hw_addr;
	u8 phy_addr;
};

struct nic_adapter {
	struct net_device *netdev;
	struct nic_hw hw;
};

void hw_sem_get(struct nic_hw *hw);
int hw_sem_get_timeout(struct nic_hw *hw, unsigned int ms);
void hw_sem_put(struct nic_hw *hw);

static int nic_mdic_rw(struct nic_hw *hw, u32 cmd, u16 *val)
{
	u32 mdic;
	int i;

	writel(cmd, hw->hw_addr + NIC_MDIC);
	for (i = 0; i < 64; i++) {
		udelay(50);
		mdic = readl(hw->hw_addr + NIC_MDIC);
		if (mdic & NIC_MDIC_READY) {
			*val = mdic & 0xffff;
			return 0;
		}
	}
	return -ETIMEDOUT;
}

static int nic_eth_ioctl(struct net_device *netdev, struct ifreq *ifr, int cmd)
{
	struct nic_adapter *adapter = netdev_priv(netdev);
	struct mii_ioctl_data *data = if_mii(ifr);
	struct nic_hw *hw = &adapter->hw;
	u16 val = data->val_in;
	int ret;

	switch (cmd) {
	case SIOCGMIIPHY:
		data->phy_id = hw->phy_addr;
		return 0;
	case SIOCGMIIREG:
		if (hw_sem_get_timeout(hw, 10))
			return -EBUSY;
		ret = nic_mdic_rw(hw, (data->reg_num & 0x1f) << 16 | 0x08000000, &val);
		hw_sem_put(hw);
		data->val_out = val;
		return ret;
	case SIOCSMIIREG:
		hw_sem_get(hw);
		if (data->reg_num > 0x1f)
			return -EINVAL; /* expect: lock-held-return */
		ret = nic_mdic_rw(hw, data->reg_num << 16 | 0x04000000 | val, &val);
		hw_sem_put(hw);
		return ret;
	default:
		return -EOPNOTSUPP;
	}
}

static const struct net_device_ops nic_netdev_ops = {
	.ndo_eth_ioctl	= nic_eth_ioctl,
};
