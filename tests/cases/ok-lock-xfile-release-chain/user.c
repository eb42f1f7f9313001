/* case: net/core/rtnetlink.c and dev.c in small: rtnl_lock() takes the static rtnl_mutex, rtnl_unlock() releases it only through netdev_run_todo() of another file, which calls __rtnl_unlock() back in the first; the ioctl that calls both holds nothing at its return (a release that crosses two files, of a file that names no lock call) */
#include <linux/fs.h>
static long u_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	rtnl_lock();
	if (arg)
		cmd++;
	rtnl_unlock();
	return 0;
}
static const struct file_operations u_fops = {
	.unlocked_ioctl = u_ioctl,
};
