/* case: of three file_operations handlers only .write leaks the limit on its error path */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

struct eeprom_priv {
	struct file *nvmem;
	u8 shadow[512];
};

static int eeprom_open(struct inode *inode, struct file *file)
{
	file->private_data = inode->i_private;
	return 0;
}

static ssize_t eeprom_read(struct file *file, char __user *ubuf, size_t len, loff_t *ppos)
{
	struct eeprom_priv *ep = file->private_data;
	mm_segment_t old_fs;
	loff_t pos = 0;
	ssize_t ret;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	ret = vfs_read(ep->nvmem, (char __user *)ep->shadow, sizeof(ep->shadow), &pos);
	set_fs(old_fs);
	if (ret < 0)
		return ret;
	return simple_read_from_buffer(ubuf, len, ppos, ep->shadow, ret);
}

static ssize_t eeprom_write(struct file *file, const char __user *ubuf, size_t len, loff_t *ppos)
{
	struct eeprom_priv *ep = file->private_data;
	mm_segment_t old_fs;
	loff_t pos = 0;
	ssize_t ret;

	if (len > sizeof(ep->shadow))
		return -EINVAL;
	if (copy_from_user(ep->shadow, ubuf, len))
		return -EFAULT;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	ret = vfs_write(ep->nvmem, (const char __user *)ep->shadow, len, &pos);
	if (ret < 0) {
		pr_err("eeprom: write back failed: %zd\n", ret);
		return ret; /* expect: ds-leak */
	}
	set_fs(old_fs);
	return len;
}

static const struct file_operations eeprom_fops = {
	.owner	= THIS_MODULE,
	.open	= eeprom_open,
	.read	= eeprom_read,
	.write	= eeprom_write,
};
