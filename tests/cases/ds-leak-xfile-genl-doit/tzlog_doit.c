/* case: a generic netlink doit handler that raises to append a record to a log file and returns early on a failed write; the genl_ops array naming it is in another file (this file: the handler) */
#include <linux/fs.h>
#include <net/genetlink.h>
#include <linux/uaccess.h>

enum {
	TZLOG_A_UNSPEC,
	TZLOG_A_ZONE,
	TZLOG_A_TEMP,
	__TZLOG_A_MAX,
};

struct tzlog_rec {
	u32 zone;
	s32 temp;
	u64 ts;
};

struct file *tzlog_file;
loff_t tzlog_pos;

int tzlog_doit_append(struct sk_buff *skb, struct genl_info *info)
{
	struct tzlog_rec rec;
	mm_segment_t old_fs;
	ssize_t n;

	if (!info->attrs[TZLOG_A_ZONE] || !info->attrs[TZLOG_A_TEMP])
		return -EINVAL;
	if (!tzlog_file)
		return -ENODEV;

	rec.zone = nla_get_u32(info->attrs[TZLOG_A_ZONE]);
	rec.temp = nla_get_s32(info->attrs[TZLOG_A_TEMP]);
	rec.ts = ktime_get_real_ns();

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	n = vfs_write(tzlog_file, (const char __user *)&rec, sizeof(rec), &tzlog_pos);
	if (n != sizeof(rec)) {
		GENL_SET_ERR_MSG(info, "log append failed");
		return -EIO; /* expect: ds-leak */
	}
	set_fs(old_fs);
	return 0;
}
