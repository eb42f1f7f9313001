/* case: a BUG_ON compiled in only under a debug #ifdef still sits inside the window */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/bug.h>
#include <linux/uaccess.h>

struct ts_cfg {
	struct file *fp;
	u8 raw[128];
	loff_t pos;
};

u16 ts_cfg_crc(const u8 *buf, size_t len);

static int ts_cfg_read(struct ts_cfg *cfg)
{
	mm_segment_t old_fs;
	ssize_t n;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	n = vfs_read(cfg->fp, (char __user *)cfg->raw, sizeof(cfg->raw), &cfg->pos);
#ifdef CONFIG_TS_CFG_STRICT
	BUG_ON(ts_cfg_crc(cfg->raw, sizeof(cfg->raw) - 2) != *(u16 *)&cfg->raw[126]); /* expect: oops-in-window */
#endif
	set_fs(old_fs);

	return n == sizeof(cfg->raw) ? 0 : -EIO;
}
