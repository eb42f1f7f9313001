/* case: a generic netlink doit runs with genl_mutex and cb_lock held by its caller; it drops both around request_module() and takes them again (net/netlink/genetlink.c ctrl_getfamily): balanced, not a lock left held */
#include <net/genetlink.h>

static DECLARE_RWSEM(cb_lock);
static DEFINE_MUTEX(genl_mutex);

static void genl_lock(void) { mutex_lock(&genl_mutex); }
static void genl_unlock(void) { mutex_unlock(&genl_mutex); }

static int ctrl_getfamily(struct sk_buff *skb, struct genl_info *info)
{
	const struct genl_family *res = NULL;
	int err = -EINVAL;

	if (info->attrs[CTRL_ATTR_FAMILY_NAME]) {
		char *name = nla_data(info->attrs[CTRL_ATTR_FAMILY_NAME]);

		res = genl_family_find_byname(name);
		if (res == NULL) {
			genl_unlock();
			up_read(&cb_lock);
			request_module("net-pf-%d-proto-%d-family-%s", PF_NETLINK, NETLINK_GENERIC, name);
			down_read(&cb_lock);
			genl_lock();
			res = genl_family_find_byname(name);
		}
		err = -ENOENT;
	}
	if (res == NULL)
		return err;
	return genlmsg_reply(ctrl_build_family_msg(res), info);
}

static const struct genl_small_ops genl_ctrl_ops[] = {
	{ .cmd = CTRL_CMD_GETFAMILY, .doit = ctrl_getfamily },
};
