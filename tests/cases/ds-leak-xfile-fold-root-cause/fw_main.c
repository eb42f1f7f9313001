#include <linux/fs.h>
#include <linux/miscdevice.h>

int fw_read_blob(struct file *fp, void *buf, size_t len);

static u8 fw_buf[256];

static long fw_ioctl(struct file *fp, unsigned int cmd, unsigned long arg)
{
	int ret = fw_read_blob(fp, fw_buf, sizeof(fw_buf));

	if (ret < 0)
		return ret; /* expect: ds-leak */
	return 0;
}

static const struct file_operations fw_fops = {
	.unlocked_ioctl = fw_ioctl,
};

static struct miscdevice fw_dev = {
	.name = "fwblob",
	.fops = &fw_fops,
};
