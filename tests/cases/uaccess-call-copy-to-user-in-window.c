/* case: an ioctl writes a reply header with unsafe_put_user and then the payload with copy_to_user while the user_access_begin window is still open (should be unsafe_copy_to_user or after user_access_end) */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

#define EC_IOC_XFER	_IOWR(0xEC, 0x01, struct ec_reply)
#define EC_MAX_DATA	248

struct ec_reply {
	__u32 result;
	__u32 size;
	__u8 data[EC_MAX_DATA];
};

struct ec_dev {
	u32 last_result;
	u32 last_size;
	u8 resp[EC_MAX_DATA];
};

int ec_run_command(struct ec_dev *ec, void __user *req);

static long ec_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct ec_dev *ec = file->private_data;
	struct ec_reply __user *urep = (void __user *)arg;
	int ret;

	if (cmd != EC_IOC_XFER)
		return -ENOTTY;
	ret = ec_run_command(ec, urep);
	if (ret)
		return ret;

	if (!user_access_begin(urep, sizeof(*urep)))
		return -EFAULT;
	unsafe_put_user(ec->last_result, &urep->result, efault);
	unsafe_put_user(ec->last_size, &urep->size, efault);
	if (copy_to_user(urep->data, ec->resp, ec->last_size)) /* expect: uaccess-call */
		goto efault;
	user_access_end();
	return 0;

efault:
	user_access_end();
	return -EFAULT;
}

static const struct file_operations ec_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= ec_ioctl,
};
