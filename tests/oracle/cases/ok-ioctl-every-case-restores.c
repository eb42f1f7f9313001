/* case: each ioctl case raises and restores inside its own arm; the default never raises */
/* oracle: entry led_ioctl */
/* oracle: values LED_IOC_STORE LED_IOC_RECALL LED_IOC_CLEAR */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

#define LED_PATTERN_PATH	"/data/misc/led_pattern"
#define LED_IOC_STORE		_IO('l', 1)
#define LED_IOC_RECALL		_IO('l', 2)
#define LED_IOC_CLEAR		_IO('l', 3)

static u8 led_pattern[24];

static long led_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct file *fp;
	mm_segment_t old_fs;
	loff_t pos = 0;
	long ret;

	switch (cmd) {
	case LED_IOC_STORE:
		fp = filp_open(LED_PATTERN_PATH, O_WRONLY | O_CREAT, 0600);
		if (IS_ERR(fp))
			return PTR_ERR(fp);
		old_fs = get_fs();
		set_fs(KERNEL_DS);
		ret = vfs_write(fp, (const char __user *)led_pattern, sizeof(led_pattern), &pos);
		set_fs(old_fs);
		filp_close(fp, NULL);
		break;
	case LED_IOC_RECALL:
		fp = filp_open(LED_PATTERN_PATH, O_RDONLY, 0);
		if (IS_ERR(fp))
			return PTR_ERR(fp);
		old_fs = get_fs();
		set_fs(KERNEL_DS);
		ret = vfs_read(fp, (char __user *)led_pattern, sizeof(led_pattern), &pos);
		set_fs(old_fs);
		filp_close(fp, NULL);
		break;
	case LED_IOC_CLEAR:
		memset(led_pattern, 0, sizeof(led_pattern));
		return 0;
	default:
		return -ENOTTY;
	}
	return ret < 0 ? ret : 0;
}

static const struct file_operations led_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= led_ioctl,
};
