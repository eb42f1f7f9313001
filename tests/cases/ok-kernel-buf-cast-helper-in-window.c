/* case: inside the window only kernel buffers are passed as user pointers: (char __user *)kbuf to a read helper with a __user parameter, (void __user *)&kstruct to vfs_read; the ioctl's own user pointer is used after the restore: silent */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#define SAR_IOC_GET_TABLE	_IOR('s', 0x01, struct sar_table)
#define SAR_TABLE_PATH		"/vendor/etc/wifi/sar.bin"

struct sar_hdr {
	__le32 magic;
	__le32 nr_rows;
};

struct sar_table {
	u8 rows[16][8];
};

static int sar_read_exact(struct file *fp, char __user *buf, size_t len, loff_t *pos)
{
	ssize_t n = vfs_read(fp, buf, len, pos);

	if (n < 0)
		return n;
	return n == len ? 0 : -ENODATA;
}

static long sar_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct sar_table *tbl;
	struct sar_hdr hdr;
	mm_segment_t old_fs;
	struct file *fp;
	loff_t pos = 0;
	int ret;

	if (cmd != SAR_IOC_GET_TABLE)
		return -ENOTTY;

	tbl = kzalloc(sizeof(*tbl), GFP_KERNEL);
	if (!tbl)
		return -ENOMEM;
	fp = filp_open(SAR_TABLE_PATH, O_RDONLY, 0);
	if (IS_ERR(fp)) {
		kfree(tbl);
		return PTR_ERR(fp);
	}

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	ret = sar_read_exact(fp, (char __user *)&hdr, sizeof(hdr), &pos);
	if (!ret && vfs_read(fp, (void __user *)tbl, sizeof(*tbl), &pos) != sizeof(*tbl))
		ret = -EIO;
	set_fs(old_fs);
	filp_close(fp, NULL);

	if (!ret && copy_to_user((void __user *)arg, tbl, sizeof(*tbl)))
		ret = -EFAULT;
	kfree(tbl);
	return ret;
}

static const struct file_operations sar_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= sar_ioctl,
};
