/* case: ts_update_config() passes its unsigned long parameter, cast to a user pointer, on to ts_copy_chunk() in another file (this file: the middle of the chain, silent) */
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#define TS_CFG_MAX	4096

struct ts_dev;

int ts_copy_chunk(void *dst, const void __user *src, size_t len);
int ts_apply_config(struct ts_dev *ts, const u8 *cfg, size_t len);

int ts_update_config(struct ts_dev *ts, unsigned long ublob)
{
	const u32 __user *ulen = (const u32 __user *)ublob;
	u32 len;
	u8 *cfg;
	int ret;

	if (get_user(len, ulen))
		return -EFAULT;
	if (len > TS_CFG_MAX)
		return -EINVAL;
	cfg = kmalloc(len, GFP_KERNEL);
	if (!cfg)
		return -ENOMEM;
	ret = ts_copy_chunk(cfg, (const void __user *)(ublob + sizeof(u32)), len);
	if (!ret)
		ret = ts_apply_config(ts, cfg, len);
	kfree(cfg);
	return ret;
}
