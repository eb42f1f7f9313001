/* case: lock-unbalanced must not fire: the function runs with its caller's lock held, drops it to sleep and takes it again on every path, including the early one */
/* args: -Wlock-unbalanced */
#include <linux/mutex.h>
#include <linux/delay.h>

struct fw_loader {
	struct mutex lock;
	bool ready;
};

static int fw_loader_wait_ready(struct fw_loader *fl)
{
	int tries = 10;

	while (!fl->ready) {
		mutex_unlock(&fl->lock);
		msleep(20);
		mutex_lock(&fl->lock);
		if (--tries == 0)
			return -ETIMEDOUT;
	}
	return 0;
}

int fw_loader_start(struct fw_loader *fl)
{
	int ret;

	mutex_lock(&fl->lock);
	ret = fw_loader_wait_ready(fl);
	mutex_unlock(&fl->lock);
	return ret;
}
