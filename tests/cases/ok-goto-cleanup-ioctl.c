/* case: an ioctl handler whose error gotos land on a label that restores before every return */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#define AFE_IOC_LOAD_COEF	_IO('A', 0x31)
#define AFE_COEF_FILE		"/vendor/etc/afe_coef.bin"
#define AFE_COEF_LEN		1024

int afe_program_coef(void *priv, const u8 *coef, size_t len);

static long afe_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct file *fp;
	mm_segment_t old_fs;
	loff_t pos = 0;
	u8 *coef;
	long ret;

	if (cmd != AFE_IOC_LOAD_COEF)
		return -ENOTTY;

	coef = kmalloc(AFE_COEF_LEN, GFP_KERNEL);
	if (!coef)
		return -ENOMEM;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	fp = filp_open(AFE_COEF_FILE, O_RDONLY, 0);
	if (IS_ERR(fp)) {
		ret = PTR_ERR(fp);
		goto out_restore;
	}
	ret = vfs_read(fp, (char __user *)coef, AFE_COEF_LEN, &pos);
	if (ret != AFE_COEF_LEN) {
		ret = -EIO;
		goto out_close;
	}
	ret = afe_program_coef(file->private_data, coef, AFE_COEF_LEN);

out_close:
	filp_close(fp, NULL);
out_restore:
	set_fs(old_fs);
	kfree(coef);
	return ret;
}

static const struct file_operations afe_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= afe_ioctl,
};
