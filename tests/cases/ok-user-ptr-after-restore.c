/* case: the ioctl copies its request in before the raise and hands the user pointer to a copy-out helper only after the restore; the window itself touches kernel buffers only: silent */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#define EEP_IOC_READ	_IOWR('e', 0x01, struct eep_read_req)
#define EEP_DUMP_PATH	"/persist/eeprom.bin"
#define EEP_SIZE	2048

struct eep_read_req {
	u32 offset;
	u32 len;
	u8 data[EEP_SIZE];
};

static int eep_export(struct eep_read_req __user *ureq, const u8 *data, u32 len)
{
	if (put_user(len, &ureq->len))
		return -EFAULT;
	if (copy_to_user(ureq->data, data, len))
		return -EFAULT;
	return 0;
}

static long eep_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct eep_read_req __user *ureq = (struct eep_read_req __user *)arg;
	u32 offset, len;
	mm_segment_t old_fs;
	struct file *fp;
	loff_t pos;
	ssize_t n;
	u8 *data;
	int ret;

	if (cmd != EEP_IOC_READ)
		return -ENOTTY;
	if (get_user(offset, &ureq->offset) || get_user(len, &ureq->len))
		return -EFAULT;
	if (offset >= EEP_SIZE || len > EEP_SIZE - offset)
		return -EINVAL;

	data = kmalloc(len, GFP_KERNEL);
	if (!data)
		return -ENOMEM;
	fp = filp_open(EEP_DUMP_PATH, O_RDONLY, 0);
	if (IS_ERR(fp)) {
		kfree(data);
		return PTR_ERR(fp);
	}

	pos = offset;
	old_fs = get_fs();
	set_fs(KERNEL_DS);
	n = vfs_read(fp, (char __user *)data, len, &pos);
	set_fs(old_fs);
	filp_close(fp, NULL);

	if (n < 0)
		ret = n;
	else
		ret = eep_export(ureq, data, n);
	kfree(data);
	return ret;
}

static const struct file_operations eep_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= eep_ioctl,
};
