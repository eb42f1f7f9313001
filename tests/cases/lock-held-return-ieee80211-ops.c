/* case: a mac80211 driver's ->start (the interface going up: `ip link set
 * wlan0 up`) returns with the driver mutex held when the chip does not
 * wake up (wl1251_op_start() before its fix), and its ->hw_scan
 * (NL80211_CMD_TRIGGER_SCAN) returns -ENOMEM with it held (cw1200). */
#include <net/mac80211.h>
#include <linux/mutex.h>

struct toy_wl {
	struct mutex mutex;
	int state;
};

int toy_chip_wakeup(struct toy_wl *wl);
struct sk_buff *toy_probe_req(struct toy_wl *wl);

static int toy_op_start(struct ieee80211_hw *hw)
{
	struct toy_wl *wl = hw->priv;
	int ret;

	mutex_lock(&wl->mutex);
	ret = toy_chip_wakeup(wl);
	if (ret < 0)
		return ret; /* expect: lock-held-return */
	wl->state = 1;
	mutex_unlock(&wl->mutex);
	return 0;
}

static int toy_hw_scan(struct ieee80211_hw *hw, struct ieee80211_vif *vif,
		       struct ieee80211_scan_request *req)
{
	struct toy_wl *wl = hw->priv;
	struct sk_buff *skb;

	mutex_lock(&wl->mutex);
	skb = toy_probe_req(wl);
	if (!skb)
		return -ENOMEM; /* expect: lock-held-return */
	mutex_unlock(&wl->mutex);
	return 0;
}

static const struct ieee80211_ops toy_ops = {
	.start = toy_op_start,
	.hw_scan = toy_hw_scan,
};
