/* case: the net_device_ops here is filled by assignment at attach time, wl_netdev_ops.ndo_do_ioctl = wl_priv_ioctl (a function from another file), which makes it an entry point */
#include <linux/module.h>
#include <linux/netdevice.h>
#include <linux/etherdevice.h>

int wl_priv_ioctl(struct net_device *ndev, struct ifreq *ifr, int cmd);
int wl_open(struct net_device *ndev);
int wl_stop(struct net_device *ndev);
netdev_tx_t wl_start_xmit(struct sk_buff *skb, struct net_device *ndev);

static struct net_device_ops wl_netdev_ops;

int wl_attach_netdev(struct net_device *ndev)
{
	wl_netdev_ops.ndo_open = wl_open;
	wl_netdev_ops.ndo_stop = wl_stop;
	wl_netdev_ops.ndo_start_xmit = wl_start_xmit;
	wl_netdev_ops.ndo_do_ioctl = wl_priv_ioctl;
	ndev->netdev_ops = &wl_netdev_ops;
	return register_netdev(ndev);
}
