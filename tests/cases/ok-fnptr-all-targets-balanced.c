/* case: a sysfs store dispatches ch->ops->xfer(); both targets of .xfer (one by initializer, one by assignment) restore the limit on every path: silent */
#include <linux/module.h>
#include <linux/device.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

struct nfc_chan;

struct nfc_chan_ops {
	int (*xfer)(struct nfc_chan *ch, const u8 *buf, size_t len);
};

struct nfc_chan {
	const struct nfc_chan_ops *ops;
	struct nfc_chan_ops dyn_ops;
	struct file *tty;
	struct file *spi;
	loff_t pos;
};

static int nfc_uart_xfer(struct nfc_chan *ch, const u8 *buf, size_t len)
{
	mm_segment_t old_fs = get_fs();
	ssize_t n;

	set_fs(KERNEL_DS);
	n = vfs_write(ch->tty, (const char __user *)buf, len, &ch->pos);
	set_fs(old_fs);
	if (n < 0)
		return n;
	return n == len ? 0 : -EIO;
}

static int nfc_spidev_xfer(struct nfc_chan *ch, const u8 *buf, size_t len)
{
	mm_segment_t old_fs;
	loff_t pos = 0;
	int ret = 0;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	if (vfs_write(ch->spi, (const char __user *)buf, len, &pos) != len)
		ret = -EIO;
	set_fs(old_fs);
	return ret;
}

static const struct nfc_chan_ops nfc_uart_ops = {
	.xfer	= nfc_uart_xfer,
};

static void nfc_chan_use_spidev(struct nfc_chan *ch)
{
	ch->dyn_ops.xfer = nfc_spidev_xfer;
	ch->ops = &ch->dyn_ops;
}

static void nfc_chan_use_uart(struct nfc_chan *ch)
{
	ch->ops = &nfc_uart_ops;
}

static ssize_t raw_cmd_store(struct device *dev, struct device_attribute *attr,
			     const char *buf, size_t count)
{
	struct nfc_chan *ch = dev_get_drvdata(dev);
	u8 frame[64];
	int ret;

	if (count > sizeof(frame))
		return -EINVAL;
	memcpy(frame, buf, count);
	ret = ch->ops->xfer(ch, frame, count);
	if (ret)
		return ret;
	return count;
}
static DEVICE_ATTR_WO(raw_cmd);
