// SPDX-License-Identifier: GPL-2.0
/*
 * A name an earlier group of the file decided (`} else` inside
 * `#ifdef CONFIG_DRV_AP_MODE`, flattened as if it held) is decided the same
 * way in the groups of later functions: the arm compiled with it defined
 * is the one analysed, `#ifdef` and `#ifndef` alike.  Both ioctls return
 * with the lock held in that arm.
 */
struct mlme { struct mutex lock; int state; };
void start_ap(struct mlme *m);
void start_sta(struct mlme *m);

void join(struct mlme *m)
{
#ifdef CONFIG_DRV_AP_MODE
	if (m->state == 3) {
		start_ap(m);
	} else
#endif
	{
		start_sta(m);
	}
}

static long ap_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct mlme *m = file->private_data;

#ifdef CONFIG_DRV_AP_MODE
	mutex_lock(&m->lock);
	if (cmd == 1)
		return -EINVAL; /* expect: lock-held-return */
	mutex_unlock(&m->lock);
#else
	m->state = 0;
#endif
	return 0;
}

static long sta_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct mlme *m = file->private_data;

#ifndef CONFIG_DRV_AP_MODE
	m->state = 0;
#else
	mutex_lock(&m->lock);
	if (cmd == 2)
		return -EBUSY; /* expect: lock-held-return */
	mutex_unlock(&m->lock);
#endif
	return 0;
}

static const struct file_operations ap_fops = { .unlocked_ioctl = ap_ioctl };
static const struct file_operations sta_fops = { .unlocked_ioctl = sta_ioctl };
