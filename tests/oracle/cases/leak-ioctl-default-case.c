/* case: the limit is raised before the ioctl switch and the default case returns -ENOTTY without restoring */
/* oracle: entry lcd_ioctl */
/* oracle: values LCD_IOC_SAVE_GAMMA LCD_IOC_LOAD_GAMMA */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

#define LCD_GAMMA_PATH		"/persist/display/gamma.bin"
#define LCD_IOC_SAVE_GAMMA	_IO('L', 0x10)
#define LCD_IOC_LOAD_GAMMA	_IO('L', 0x11)

static u16 lcd_gamma[16];

static long lcd_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct file *fp;
	mm_segment_t old_fs;
	loff_t pos = 0;
	ssize_t n;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	switch (cmd) {
	case LCD_IOC_SAVE_GAMMA:
		fp = filp_open(LCD_GAMMA_PATH, O_WRONLY | O_CREAT | O_TRUNC, 0600);
		if (IS_ERR(fp)) {
			set_fs(old_fs);
			return PTR_ERR(fp);
		}
		n = vfs_write(fp, (const char __user *)lcd_gamma, sizeof(lcd_gamma), &pos);
		filp_close(fp, NULL);
		set_fs(old_fs);
		return n < 0 ? n : 0;
	case LCD_IOC_LOAD_GAMMA:
		fp = filp_open(LCD_GAMMA_PATH, O_RDONLY, 0);
		if (IS_ERR(fp)) {
			set_fs(old_fs);
			return PTR_ERR(fp);
		}
		n = vfs_read(fp, (char __user *)lcd_gamma, sizeof(lcd_gamma), &pos);
		filp_close(fp, NULL);
		set_fs(old_fs);
		return n < 0 ? n : 0;
	default:
		return -ENOTTY; /* expect: ds-leak */
	}
}

static const struct file_operations lcd_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= lcd_ioctl,
};
