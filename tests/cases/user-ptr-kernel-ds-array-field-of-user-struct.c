/* case: an array member of a struct reached through the ioctl's user pointer (ures->payload, which decays to an address inside user memory) is as user-controlled as the struct pointer itself; inside the window it reaches the buffer of vfs_read and clear_user: both reported */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

#define SE_IOC_GET_CERT		_IOR('Z', 0x04, struct se_cert_resp)
#define SE_CERT_PATH		"/persist/se/device_cert.der"
#define SE_CERT_MAX		2048

struct se_cert_resp {
	u32 len;
	u32 format;
	u8 payload[SE_CERT_MAX];
};

struct se_dev {
	u32 cert_format;
};

static long se_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct se_dev *se = file->private_data;
	struct se_cert_resp __user *ures = (struct se_cert_resp __user *)arg;
	mm_segment_t old_fs;
	struct file *fp;
	loff_t pos = 0;
	ssize_t n;
	u32 fmt;

	if (cmd != SE_IOC_GET_CERT)
		return -ENOTTY;

	fp = filp_open(SE_CERT_PATH, O_RDONLY, 0);
	if (IS_ERR(fp))
		return PTR_ERR(fp);

	fmt = se->cert_format;
	old_fs = get_fs();
	set_fs(KERNEL_DS);
	n = vfs_read(fp, ures->payload, SE_CERT_MAX, &pos); /* expect: user-ptr-kernel-ds */
	if (n >= 0 && n < SE_CERT_MAX && clear_user(ures->payload + n, SE_CERT_MAX - n)) /* expect: user-ptr-kernel-ds */
		n = -EFAULT;
	set_fs(old_fs);
	filp_close(fp, NULL);

	if (n < 0)
		return n;
	if (put_user((u32)n, &ures->len) || put_user(fmt, &ures->format))
		return -EFAULT;
	return 0;
}

static const struct file_operations se_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= se_ioctl,
};
