/* case: lock-held-return: a wireless-extensions handler table whose
 * designators a macro spells, `WX(SIOCSIWMLME) = handler` with `#define
 * WX(x) [(x) - SIOCIWFIRST]` (zd1211rw's table of softmac's handlers;
 * ieee80211softmac_wx_set_mlme() returned without its unlock, upstream fix
 * cc8ce997d2a4 "softmac: fix unbalanced mutex_lock/unlock in
 * ieee80211softmac_wx_set_mlme"): the handler is reached by an ioctl */
#include <linux/mutex.h>
#include <net/iw_handler.h>

#define WX(x) [(x) - SIOCIWFIRST]

struct softmac {
	struct mutex mutex;
	int associated;
};

struct softmac *priv(struct net_device *dev);
int deauth_req(struct softmac *mac, int reason);

static int wx_get_name(struct net_device *dev, struct iw_request_info *info,
		       union iwreq_data *req, char *extra)
{
	return 0;
}

static int wx_set_mlme(struct net_device *dev, struct iw_request_info *info,
		       union iwreq_data *req, char *extra)
{
	struct softmac *mac = priv(dev);
	int err = -22;

	mutex_lock(&mac->mutex);
	if (mac->associated)
		return deauth_req(mac, 3); /* expect: lock-held-return */
	mutex_unlock(&mac->mutex);
	return err;
}

static const iw_handler standard_handlers[] = {
	WX(SIOCGIWNAME) = wx_get_name,
	WX(SIOCSIWMLME) = wx_set_mlme,
};
