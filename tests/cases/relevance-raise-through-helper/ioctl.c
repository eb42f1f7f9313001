/* case: relevance pass: an ioctl handler raises the limit through the helper in setter.c and returns without lowering it */
#include <linux/fs.h>
#include <linux/module.h>

void dev_set_limit(mm_segment_t fs);

static long dev_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	dev_set_limit(KERNEL_DS);
	return 0; /* expect: ds-leak */
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.unlocked_ioctl = dev_ioctl,
};
