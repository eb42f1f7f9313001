/* case: two handlers of one device: .read restores on every path, .write returns early on a short write */
/* oracle: entry eeprom_read */
/* oracle: entry eeprom_write */
/* oracle: string "0123456789abcdef" */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

#define EEPROM_SHADOW	"/persist/eeprom_shadow"
#define EEPROM_SIZE	32

static u8 eeprom[EEPROM_SIZE];

static ssize_t eeprom_read(struct file *file, char __user *ubuf, size_t count, loff_t *ppos)
{
	struct file *fp;
	mm_segment_t old_fs;
	loff_t pos = 0;
	ssize_t n;

	fp = filp_open(EEPROM_SHADOW, O_RDONLY, 0);
	if (IS_ERR(fp))
		return PTR_ERR(fp);
	old_fs = get_fs();
	set_fs(KERNEL_DS);
	n = vfs_read(fp, (char __user *)eeprom, EEPROM_SIZE, &pos);
	set_fs(old_fs);
	filp_close(fp, NULL);
	if (n < 0)
		return n;
	return simple_read_from_buffer(ubuf, count, ppos, eeprom, EEPROM_SIZE);
}

static ssize_t eeprom_write(struct file *file, const char __user *ubuf, size_t count, loff_t *ppos)
{
	struct file *fp;
	mm_segment_t old_fs;
	loff_t pos = 0;
	ssize_t n;

	n = simple_write_to_buffer(eeprom, EEPROM_SIZE, ppos, ubuf, count);
	if (n <= 0)
		return n;
	fp = filp_open(EEPROM_SHADOW, O_WRONLY | O_CREAT, 0600);
	if (IS_ERR(fp))
		return PTR_ERR(fp);
	old_fs = get_fs();
	set_fs(KERNEL_DS);
	if (vfs_write(fp, (const char __user *)eeprom, EEPROM_SIZE, &pos) != EEPROM_SIZE) {
		filp_close(fp, NULL);
		return -EIO; /* expect: ds-leak */
	}
	set_fs(old_fs);
	filp_close(fp, NULL);
	return n;
}

static const struct file_operations eeprom_fops = {
	.owner	= THIS_MODULE,
	.read	= eeprom_read,
	.write	= eeprom_write,
	.llseek	= default_llseek,
};
