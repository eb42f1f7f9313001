/* case: the sensor hub's ioctl opens the firmware with sx_fw_open() (another file), reads it and calls sx_fw_close() on every path after a successful open */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

#define SX_IOC_LOAD	_IO('S', 1)

int sx_fw_open(const char *path);
ssize_t sx_fw_read(void *buf, size_t len);
void sx_fw_close(void);
int sx_hub_program(const u8 *img, size_t len);

static u8 sx_img[4096];

static long sx_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	ssize_t n;
	int ret;

	if (cmd != SX_IOC_LOAD)
		return -ENOTTY;
	ret = sx_fw_open("/vendor/firmware/sx_hub.bin");
	if (ret < 0)
		return ret;
	n = sx_fw_read(sx_img, sizeof(sx_img));
	if (n <= 0) {
		ret = -EIO;
		goto out;
	}
	ret = sx_hub_program(sx_img, n);
out:
	sx_fw_close();
	return ret;
}

static const struct file_operations sx_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= sx_ioctl,
};
