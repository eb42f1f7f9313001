/* case: the kernel_param_ops here names wlan_dbglvl_set() from another file as .set, which makes it an entry point */
#include <linux/module.h>
#include <linux/moduleparam.h>

extern int wlan_dbglvl;
int wlan_dbglvl_set(const char *val, const struct kernel_param *kp);

static const struct kernel_param_ops wlan_dbglvl_ops = {
	.set	= wlan_dbglvl_set,
	.get	= param_get_int,
};

module_param_cb(dbglvl, &wlan_dbglvl_ops, &wlan_dbglvl, 0644);
MODULE_PARM_DESC(dbglvl, "WLAN debug level (persisted)");
