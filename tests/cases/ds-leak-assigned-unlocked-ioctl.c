/* case: the ioctl handler is stored into the file_operations by assignment in the init function (my_fops.unlocked_ioctl = ...), not by a designated initializer; its error path returns raised, so it is ds-leak */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/uaccess.h>

#define LEDTRIG_IOC_LOAD_PATTERN	_IO('t', 1)
#define LEDTRIG_PATTERN_PATH		"/vendor/etc/led_pattern.bin"

struct ledtrig_pattern {
	u8 steps[64];
	u8 nr_steps;
};

static struct ledtrig_pattern ledtrig_cur;
static struct file_operations ledtrig_fops;

int ledtrig_apply(const struct ledtrig_pattern *p);

static long ledtrig_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	mm_segment_t old_fs;
	struct file *fp;
	loff_t pos = 0;
	ssize_t n;

	if (cmd != LEDTRIG_IOC_LOAD_PATTERN)
		return -ENOTTY;

	fp = filp_open(LEDTRIG_PATTERN_PATH, O_RDONLY, 0);
	if (IS_ERR(fp))
		return PTR_ERR(fp);

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	n = vfs_read(fp, (char __user *)&ledtrig_cur, sizeof(ledtrig_cur), &pos);
	filp_close(fp, NULL);
	if (n != sizeof(ledtrig_cur) || ledtrig_cur.nr_steps > sizeof(ledtrig_cur.steps))
		return -EINVAL; /* expect: ds-leak */
	set_fs(old_fs);

	return ledtrig_apply(&ledtrig_cur);
}

static struct miscdevice ledtrig_misc = {
	.minor	= MISC_DYNAMIC_MINOR,
	.name	= "ledtrig",
	.fops	= &ledtrig_fops,
};

static int __init ledtrig_init(void)
{
	ledtrig_fops.owner = THIS_MODULE;
	ledtrig_fops.unlocked_ioctl = ledtrig_ioctl;
	ledtrig_fops.compat_ioctl = ledtrig_ioctl;
	return misc_register(&ledtrig_misc);
}
module_init(ledtrig_init);
MODULE_LICENSE("GPL");
