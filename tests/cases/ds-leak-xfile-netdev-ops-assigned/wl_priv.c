/* case: a private ioctl of a network driver reads a NVRAM file under KERNEL_DS and returns raised when the file is short; it becomes an entry point by assignment to .ndo_do_ioctl of a net_device_ops variable in another file (this file: the handler) */
#include <linux/netdevice.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

#define WL_NVRAM_PATH	"/vendor/firmware/wl_nvram.txt"
#define SIOCWLRELOAD	(SIOCDEVPRIVATE + 1)

struct wl_priv {
	struct net_device *ndev;
	char nvram[4096];
	size_t nvram_len;
};

int wl_push_nvram(struct wl_priv *wl);

int wl_priv_ioctl(struct net_device *ndev, struct ifreq *ifr, int cmd)
{
	struct wl_priv *wl = netdev_priv(ndev);
	mm_segment_t old_fs;
	struct file *fp;
	loff_t pos = 0;
	ssize_t n;

	if (cmd != SIOCWLRELOAD)
		return -EOPNOTSUPP;
	if (!capable(CAP_NET_ADMIN))
		return -EPERM;

	fp = filp_open(WL_NVRAM_PATH, O_RDONLY, 0);
	if (IS_ERR(fp))
		return PTR_ERR(fp);

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	n = vfs_read(fp, (char __user *)wl->nvram, sizeof(wl->nvram), &pos);
	filp_close(fp, NULL);
	if (n <= 0) {
		netdev_err(ndev, "nvram read failed (%zd)\n", n);
		return -EIO; /* expect: ds-leak */
	}
	set_fs(old_fs);

	wl->nvram_len = n;
	return wl_push_nvram(wl);
}
