/* case: revision B's .load_fw target saves the limit into hw->kio_old and raises, expecting someone else to lower it; nobody does (this file: the target, an intentional-setter shape, silent itself) */
#include <linux/fs.h>
#include <linux/uaccess.h>

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

int wlan_revb_power(struct wlan_hw *hw, bool on);
int wlan_revb_stream_fw(struct wlan_hw *hw, const char *path);

static int wlan_revb_load_fw(struct wlan_hw *hw)
{
	hw->kio_old = get_fs();
	set_fs(KERNEL_DS);
	return wlan_revb_stream_fw(hw, "/vendor/firmware/wlan_revb.bin");
}

const struct wlan_hw_ops wlan_revb_ops = {
	.load_fw	= wlan_revb_load_fw,
	.power		= wlan_revb_power,
};
