/* case: the ioctl raises to log the APDU to a file and, inside that window, passes the user pointer derived from arg to a helper whose parameter reaches copy_from_user; reported at the call in the ioctl */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/mutex.h>
#include <linux/uaccess.h>

#define SC_IOC_SEND_APDU	_IOW('S', 0x10, struct sc_apdu_hdr)
#define SC_APDU_MAX		261

struct sc_apdu_hdr {
	u16 len;
	u16 flags;
};

struct sc_dev {
	struct mutex lock;
	struct file *log;
	loff_t log_pos;
	u8 apdu[SC_APDU_MAX];
	size_t apdu_len;
};

int sc_transmit(struct sc_dev *sc);

static int sc_copy_apdu(struct sc_dev *sc, const void __user *uapdu)
{
	struct sc_apdu_hdr hdr;

	if (copy_from_user(&hdr, uapdu, sizeof(hdr)))
		return -EFAULT;
	if (hdr.len > SC_APDU_MAX)
		return -EINVAL;
	if (copy_from_user(sc->apdu, uapdu + sizeof(hdr), hdr.len))
		return -EFAULT;
	sc->apdu_len = hdr.len;
	return 0;
}

static long sc_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct sc_dev *sc = file->private_data;
	void __user *argp = (void __user *)arg;
	mm_segment_t old_fs;
	long ret;

	if (cmd != SC_IOC_SEND_APDU)
		return -ENOTTY;

	mutex_lock(&sc->lock);
	old_fs = get_fs();
	set_fs(KERNEL_DS);
	ret = sc_copy_apdu(sc, argp); /* expect: user-ptr-kernel-ds */
	if (!ret && sc->log)
		vfs_write(sc->log, (const char __user *)sc->apdu, sc->apdu_len, &sc->log_pos);
	set_fs(old_fs);
	if (!ret)
		ret = sc_transmit(sc);
	mutex_unlock(&sc->lock);
	return ret;
}

static const struct file_operations sc_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= sc_ioctl,
};
