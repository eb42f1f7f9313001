/* case: the ioctl calls hw->ops->load_fw(hw); the field has two targets in two other files, one balanced and one that saves and raises and never lowers, so the ioctl may return raised (this file: the call) */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/mutex.h>
#include <linux/uaccess.h>

#define WLAN_IOC_RELOAD_FW	_IO('W', 0x01)
#define WLAN_IOC_GET_STATE	_IOR('W', 0x02, u32)

struct wlan_hw;

struct wlan_hw_ops {
	int (*load_fw)(struct wlan_hw *hw);
	int (*power)(struct wlan_hw *hw, bool on);
};

struct wlan_hw {
	const struct wlan_hw_ops *ops;
	struct mutex lock;
	mm_segment_t kio_old;
	u32 state;
};

static long wlan_ctl_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct wlan_hw *hw = file->private_data;
	long ret;

	switch (cmd) {
	case WLAN_IOC_RELOAD_FW:
		mutex_lock(&hw->lock);
		ret = hw->ops->power(hw, false);
		if (!ret)
			ret = hw->ops->load_fw(hw);
		mutex_unlock(&hw->lock);
		return ret; /* expect: ds-leak */
	case WLAN_IOC_GET_STATE:
		return put_user(hw->state, (u32 __user *)arg);
	}
	return -ENOTTY;
}

static const struct file_operations wlan_ctl_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= wlan_ctl_ioctl,
};
