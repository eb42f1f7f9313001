/* case: super_operations .statfs (statfs(2)) returns the error of the usage query with the spinlock held; .freeze_fs/.unfreeze_fs, which keep a lock across the pair by design, are not entry points */
#include <linux/fs.h>
#include <linux/statfs.h>
#include <linux/spinlock.h>
#include <linux/mutex.h>

struct toy_sb_info {
	spinlock_t stat_lock;
	struct mutex freeze_lock;
	u64 blocks, free;
};

int toy_query_usage(struct toy_sb_info *sbi, struct kstatfs *buf);

static int toy_statfs(struct dentry *dentry, struct kstatfs *buf)
{
	struct toy_sb_info *sbi = dentry->d_sb->s_fs_info;
	int err;

	spin_lock(&sbi->stat_lock);
	err = toy_query_usage(sbi, buf);
	if (err)
		return err; /* expect: lock-held-return */
	buf->f_blocks = sbi->blocks;
	buf->f_bfree = sbi->free;
	spin_unlock(&sbi->stat_lock);
	return 0;
}

static int toy_freeze(struct super_block *sb)
{
	struct toy_sb_info *sbi = sb->s_fs_info;

	mutex_lock(&sbi->freeze_lock);
	return 0;
}

static int toy_unfreeze(struct super_block *sb)
{
	struct toy_sb_info *sbi = sb->s_fs_info;

	mutex_unlock(&sbi->freeze_lock);
	return 0;
}

const struct super_operations toy_sops = {
	.statfs		= toy_statfs,
	.freeze_fs	= toy_freeze,
	.unfreeze_fs	= toy_unfreeze,
};
