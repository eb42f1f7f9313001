/* case: a 2.6-era wireless driver: dev->do_ioctl and an iw_handler array (positional, with casts) are both reached from the socket ioctl and return to user mode; each returns with KERNEL_DS on an error path */
#include <linux/netdevice.h>
#include <net/iw_handler.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

static struct file *fw_fp;

static int wl_do_ioctl(struct net_device *dev, struct ifreq *rq, int cmd)
{
	mm_segment_t old_fs;
	u8 buf[32];
	loff_t pos = 0;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	if (vfs_read(fw_fp, (char __user *)buf, sizeof(buf), &pos) != sizeof(buf))
		return -EIO; /* expect: ds-leak */
	set_fs(old_fs);
	return 0;
}

static int wl_get_name(struct net_device *dev, struct iw_request_info *info,
		       union iwreq_data *wrqu, char *extra)
{
	strcpy(wrqu->name, "IEEE 802.11");
	return 0;
}

static int wl_set_nick(struct net_device *dev, struct iw_request_info *info,
		       union iwreq_data *wrqu, char *extra)
{
	mm_segment_t old_fs;
	loff_t pos = 0;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	if (vfs_write(fw_fp, (const char __user *)extra, wrqu->data.length, &pos) < 0)
		return -EIO; /* expect: ds-leak */
	set_fs(old_fs);
	return 0;
}

static const iw_handler wl_handlers[] = {
	(iw_handler) NULL,
	(iw_handler) wl_get_name,
	(iw_handler) wl_set_nick,
};

void wl_setup(struct net_device *dev)
{
	dev->do_ioctl = wl_do_ioctl;
}
