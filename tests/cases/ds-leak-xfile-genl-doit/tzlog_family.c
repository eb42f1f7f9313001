/* case: the genl_ops array here names tzlog_doit_append() from another file as a .doit handler, which makes it an entry point */
#include <linux/module.h>
#include <net/genetlink.h>

enum {
	TZLOG_A_UNSPEC,
	TZLOG_A_ZONE,
	TZLOG_A_TEMP,
	__TZLOG_A_MAX,
};
#define TZLOG_A_MAX	(__TZLOG_A_MAX - 1)

enum {
	TZLOG_CMD_UNSPEC,
	TZLOG_CMD_APPEND,
};

int tzlog_doit_append(struct sk_buff *skb, struct genl_info *info);

static const struct nla_policy tzlog_policy[TZLOG_A_MAX + 1] = {
	[TZLOG_A_ZONE]	= { .type = NLA_U32 },
	[TZLOG_A_TEMP]	= { .type = NLA_S32 },
};

static const struct genl_ops tzlog_ops[] = {
	{
		.cmd	= TZLOG_CMD_APPEND,
		.doit	= tzlog_doit_append,
		.flags	= GENL_ADMIN_PERM,
	},
};

static struct genl_family tzlog_family = {
	.name		= "tzlog",
	.version	= 1,
	.maxattr	= TZLOG_A_MAX,
	.policy		= tzlog_policy,
	.ops		= tzlog_ops,
	.n_ops		= ARRAY_SIZE(tzlog_ops),
	.module		= THIS_MODULE,
};

static int __init tzlog_init(void)
{
	return genl_register_family(&tzlog_family);
}
module_init(tzlog_init);
MODULE_LICENSE("GPL");
