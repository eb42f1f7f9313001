/* case: twin of lock-held-return-net-device-ops-open.c: the same leaking
 * bodies stored into net_device_ops fields that the stack calls, not a
 * system call (->ndo_start_xmit from the qdisc, ->ndo_tx_timeout from the
 * watchdog timer, ->ndo_poll_controller from netpoll): not entry points,
 * so no lock-held-return (lock-unbalanced, off by default, is the check
 * for a helper that keeps a lock on one path). */
#include <linux/netdevice.h>
#include <linux/mutex.h>

struct toy_priv {
	struct mutex pm_mutex;
	int busy;
};

static netdev_tx_t toy_xmit(struct sk_buff *skb, struct net_device *dev)
{
	struct toy_priv *p = netdev_priv(dev);

	mutex_lock(&p->pm_mutex);
	if (p->busy)
		return NETDEV_TX_BUSY;
	mutex_unlock(&p->pm_mutex);
	return NETDEV_TX_OK;
}

static void toy_tx_timeout(struct net_device *dev, unsigned int txq)
{
	struct toy_priv *p = netdev_priv(dev);

	mutex_lock(&p->pm_mutex);
	if (p->busy)
		return;
	mutex_unlock(&p->pm_mutex);
}

static const struct net_device_ops toy_netdev_ops = {
	.ndo_start_xmit = toy_xmit,
	.ndo_tx_timeout = toy_tx_timeout,
};
