/* case: the handler is registered in another file's file_operations; its error path returns with the mutex held (the check waits for the whole tree to know it is an entry point) */
#include <linux/fs.h>

long cal_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct cal_dev *cd = file->private_data;
	long ret;

	mutex_lock(&cd->lock);
	if (cmd != CAL_IOC_RESET)
		return -ENOTTY; /* expect: lock-held-return */
	ret = cal_reset(cd);
	mutex_unlock(&cd->lock);
	return ret;
}
