/* case: a helper reading a MAC address file returns -EIO on a short read inside the window */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/etherdevice.h>
#include <linux/uaccess.h>

#define WLAN_MAC_FILE	"/data/misc/wifi/.mac.info"

static int wlan_read_mac_file(u8 *mac)
{
	char text[18];
	struct file *fp;
	mm_segment_t old_fs;
	loff_t pos = 0;
	ssize_t n;

	fp = filp_open(WLAN_MAC_FILE, O_RDONLY, 0);
	if (IS_ERR(fp))
		return PTR_ERR(fp);

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	n = vfs_read(fp, (char __user *)text, sizeof(text) - 1, &pos);
	filp_close(fp, NULL);
	if (n != sizeof(text) - 1)
		return -EIO; /* expect: ds-unbalanced */
	set_fs(old_fs);

	text[n] = '\0';
	if (!mac_pton(text, mac) || !is_valid_ether_addr(mac))
		return -EINVAL;
	return 0;
}
