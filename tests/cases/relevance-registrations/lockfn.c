/* case: relevance pass: extern functions that can return with their mutex held; whether that is a finding depends on whether another file registers them as entry points, so the whole tree is asked for the files that may register them (fops.c, a table; attach.c, an assignment inside a body), not for those that only call them (user.c) */
#include <linux/fs.h>
#include <linux/mutex.h>
#include <linux/netdevice.h>

static DEFINE_MUTEX(gadget_lock);
static int gadget_users;

int gadget_open(struct inode *inode, struct file *file)
{
	mutex_lock(&gadget_lock);
	if (gadget_users > 4)
		return -EBUSY; /* expect: lock-held-return */
	gadget_users++;
	mutex_unlock(&gadget_lock);
	return 0;
}

int gadget_net_ioctl(struct net_device *ndev, struct ifreq *ifr, int cmd)
{
	mutex_lock(&gadget_lock);
	if (cmd != SIOCDEVPRIVATE)
		return -EOPNOTSUPP; /* expect: lock-held-return */
	gadget_users = 0;
	mutex_unlock(&gadget_lock);
	return 0;
}
