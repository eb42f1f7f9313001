/* case: a network driver's ->ndo_open (reached by `ip link set up`, the
 * SIOCSIFFLAGS ioctl) returns -ENOMEM with its power-management mutex held
 * when an allocation fails (cassini's cas_open() before its fix); its
 * ->ndo_change_mtu (SIOCSIFMTU) leaks the same way.  ->ndo_start_xmit and
 * ->ndo_tx_timeout are called by the stack (softirq, the watchdog timer),
 * never returned from to user mode: the same leak there is not
 * lock-held-return's (see ok-net-device-ops-stack-callbacks.c). */
#include <linux/netdevice.h>
#include <linux/mutex.h>

struct toy_priv {
	struct mutex pm_mutex;
	void *tx_tiny;
	int mtu_ok;
};

int toy_alloc_rings(struct toy_priv *p);

static int toy_open(struct net_device *dev)
{
	struct toy_priv *p = netdev_priv(dev);

	mutex_lock(&p->pm_mutex);
	if (toy_alloc_rings(p))
		return -ENOMEM; /* expect: lock-held-return */
	mutex_unlock(&p->pm_mutex);
	return 0;
}

static int toy_change_mtu(struct net_device *dev, int new_mtu)
{
	struct toy_priv *p = netdev_priv(dev);

	mutex_lock(&p->pm_mutex);
	if (!p->mtu_ok)
		return -EBUSY; /* expect: lock-held-return */
	dev->mtu = new_mtu;
	mutex_unlock(&p->pm_mutex);
	return 0;
}

static const struct net_device_ops toy_netdev_ops = {
	.ndo_open = toy_open,
	.ndo_change_mtu = toy_change_mtu,
};
