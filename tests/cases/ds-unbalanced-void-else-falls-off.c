/* case: a void helper restores only when the write succeeded and falls off its closing brace raised otherwise */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

struct batt_hist {
	struct file *fp;
	loff_t pos;
	bool dirty;
};

struct batt_sample {
	u32 mv;
	s32 ma;
	u32 temp;
};

static void batt_hist_append(struct batt_hist *bh, const struct batt_sample *s)
{
	mm_segment_t old_fs;
	ssize_t ret;

	if (!bh->fp)
		return;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	ret = vfs_write(bh->fp, (const char __user *)s, sizeof(*s), &bh->pos);
	if (ret == sizeof(*s)) {
		bh->dirty = true;
		set_fs(old_fs);
	} else {
		pr_err_ratelimited("batt_hist: append failed (%zd)\n", ret);
	}
} /* expect: ds-unbalanced */
