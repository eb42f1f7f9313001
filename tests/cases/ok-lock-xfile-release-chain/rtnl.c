/* rtnl_lock() and rtnl_unlock(), the latter through netdev_run_todo() of dev.c */
#include <linux/mutex.h>
static DEFINE_MUTEX(rtnl_mutex);
void rtnl_lock(void)
{
	mutex_lock(&rtnl_mutex);
}
void __rtnl_unlock(void)
{
	mutex_unlock(&rtnl_mutex);
}
void rtnl_unlock(void)
{
	/* This fellow will unlock it for us. */
	netdev_run_todo();
}
