/* case: the same error ladder as ok-lock-kconfig-forbidden-combination, but this tree's
 * Kconfig lets IPv6 be built without INET (a disjunction in the menu's `depends on` says
 * nothing), so INET off with IPV6=m releases RTNL untaken */
#include <linux/module.h>
#include <linux/rtnetlink.h>
#include <net/mac80211.h>

int ieee80211_register_hw(struct ieee80211_hw *hw)
{
	struct ieee80211_local *local = hw_to_local(hw);
	int result;

	rtnl_lock();
	result = ieee80211_init_rate_ctrl_alg(local, hw->rate_control_algorithm);
	if (result < 0)
		goto fail_rate;
	rtnl_unlock();

	result = pm_qos_add_notifier(PM_QOS_NETWORK_LATENCY, &local->network_latency_notifier);
	if (result) {
		rtnl_lock();
		goto fail_pm_qos;
	}
#ifdef CONFIG_INET
	result = register_inetaddr_notifier(&local->ifa_notifier);
	if (result)
		goto fail_ifa;
#endif
#if IS_ENABLED(CONFIG_IPV6)
	result = register_inet6addr_notifier(&local->ifa6_notifier);
	if (result)
		goto fail_ifa6;
#endif
	return 0;

#if IS_ENABLED(CONFIG_IPV6)
 fail_ifa6:
#ifdef CONFIG_INET
	unregister_inetaddr_notifier(&local->ifa_notifier);
#endif
#endif
#if defined(CONFIG_INET) || defined(CONFIG_IPV6)
 fail_ifa:
	pm_qos_remove_notifier(PM_QOS_NETWORK_LATENCY, &local->network_latency_notifier);
	rtnl_lock();
#endif
 fail_pm_qos:
 fail_rate:
	rtnl_unlock(); /* expect: lock-release-unheld */
	return result;
}
