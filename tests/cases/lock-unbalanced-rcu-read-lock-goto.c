/* case: lock-unbalanced: rcu_read_lock() and a goto to a label past rcu_read_unlock() when the device is gone; the success path unlocks */
/* args: -Wlock-unbalanced */
#include <linux/rcupdate.h>
#include <linux/netdevice.h>

struct vport {
	struct net_device __rcu *dev;
	u64 tx_dropped;
};

static int vport_get_mtu(struct vport *vp)
{
	struct net_device *dev;
	int mtu = -ENODEV;

	rcu_read_lock();
	dev = rcu_dereference(vp->dev);
	if (!dev)
		goto out;
	mtu = dev->mtu;
	rcu_read_unlock();
out:
	return mtu; /* expect: lock-unbalanced */
}

int vport_check_len(struct vport *vp, unsigned int len)
{
	int mtu = vport_get_mtu(vp);

	return mtu < 0 ? mtu : (len > mtu ? -EMSGSIZE : 0);
}
