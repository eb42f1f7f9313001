/* case: twin of lock-held-return-ieee80211-ops.c: the same leak in the
 * mac80211 op the stack calls from its data path (->tx, from the queues)
 * and in an unrelated struct's ->start (a watchdog's): neither is an entry
 * kind, nothing is reported by default. */
#include <net/mac80211.h>
#include <linux/watchdog.h>
#include <linux/mutex.h>

struct toy_wl {
	struct mutex mutex;
	int state;
};

static DEFINE_MUTEX(toy_wdt_lock);

static void toy_tx(struct ieee80211_hw *hw, struct ieee80211_tx_control *control,
		   struct sk_buff *skb)
{
	struct toy_wl *wl = hw->priv;

	mutex_lock(&wl->mutex);
	if (wl->state)
		return;
	mutex_unlock(&wl->mutex);
}

static int toy_wdt_start(struct watchdog_device *wdd)
{
	mutex_lock(&toy_wdt_lock);
	if (!wdd->timeout)
		return -EINVAL;
	mutex_unlock(&toy_wdt_lock);
	return 0;
}

static const struct ieee80211_ops toy_ops = {
	.tx = toy_tx,
};

static const struct watchdog_ops toy_wdt_ops = {
	.start = toy_wdt_start,
};
