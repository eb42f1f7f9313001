/* case: lock-unbalanced: inside the locked switch one case returns straight away instead of breaking to the unlock after it */
/* args: -Wlock-unbalanced */
#include <linux/mutex.h>

enum pwr_state { PWR_OFF, PWR_ON, PWR_SUSPENDED };

struct pwr_dev {
	struct mutex state_lock;
	enum pwr_state state;
	int users;
};

static void pwr_dev_hw_enable(struct pwr_dev *pd);

static int pwr_dev_set_state(struct pwr_dev *pd, enum pwr_state new)
{
	int ret = 0;

	mutex_lock(&pd->state_lock);
	switch (new) {
	case PWR_ON:
		pwr_dev_hw_enable(pd);
		pd->users++;
		break;
	case PWR_OFF:
		if (pd->users)
			return -EBUSY; /* expect: lock-unbalanced */
		break;
	case PWR_SUSPENDED:
		break;
	default:
		ret = -EINVAL;
		break;
	}
	if (!ret)
		pd->state = new;
	mutex_unlock(&pd->state_lock);
	return ret;
}

int pwr_dev_suspend(struct pwr_dev *pd)
{
	return pwr_dev_set_state(pd, PWR_SUSPENDED);
}
