/* case: relevance pass: the registration of ring_ioctl (no lock call in this file) */
#include <linux/fs.h>
#include <linux/module.h>

long ring_ioctl(struct file *file, unsigned int cmd, unsigned long arg);

static const struct file_operations ring_fops = {
	.owner = THIS_MODULE,
	.unlocked_ioctl = ring_ioctl,
};
