/* case: the window is opened and closed by helpers in another file; this ioctl calls copy_to_user on (void __user *)arg before it closes it: reported at the copy_to_user; the balanced window is not a leak */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

#define NFC_IOC_FW_INFO		_IOR('N', 0x05, struct nfc_fw_info)
#define NFC_FW_PATH		"/vendor/firmware/nfc_fw.bin"

struct nfc_kio {
	mm_segment_t old_fs;
};

struct nfc_fw_info {
	__le32 version;
	__le32 build;
	u8 chip_id[8];
};

void nfc_kio_begin(struct nfc_kio *k);
void nfc_kio_end(struct nfc_kio *k);

static long nfc_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct nfc_fw_info info;
	struct nfc_kio kio;
	struct file *fp;
	loff_t pos = 0;
	long ret = 0;

	if (cmd != NFC_IOC_FW_INFO)
		return -ENOTTY;

	fp = filp_open(NFC_FW_PATH, O_RDONLY, 0);
	if (IS_ERR(fp))
		return PTR_ERR(fp);

	nfc_kio_begin(&kio);
	if (vfs_read(fp, (char __user *)&info, sizeof(info), &pos) != sizeof(info))
		ret = -EIO;
	else if (copy_to_user((void __user *)arg, &info, sizeof(info))) /* expect: user-ptr-kernel-ds */
		ret = -EFAULT;
	nfc_kio_end(&kio);

	filp_close(fp, NULL);
	return ret;
}

static const struct file_operations nfc_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= nfc_ioctl,
};
