// SPDX-License-Identifier: GPL-2.0
/*
 * The group after the label is read as a group, not as code that always
 * runs: here its arm is the only release, and an ioctl that takes the
 * lock on every path returns with it held where the condition does not
 * hold.
 */
struct dev { struct mutex lock; int state; };

static long dev_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct dev *d = file->private_data;

	mutex_lock(&d->lock);
	if (cmd == 1)
		goto out;
	d->state = 0;
out:
#ifdef CONFIG_DEV_FAST
	mutex_unlock(&d->lock);
#endif
	return 0; /* expect: lock-held-return */
}

static const struct file_operations dev_fops = { .unlocked_ioctl = dev_ioctl };
