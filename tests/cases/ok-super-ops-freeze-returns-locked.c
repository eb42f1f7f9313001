/* case: twin of lock-held-return-quota-write.c: a ->freeze_fs that returns
 * with the filesystem's freeze mutex held for ->unfreeze_fs to release (a
 * pair of calls of the VFS, by design), and a ->put_super called on the
 * last umount's put: neither field is an entry kind, so nothing is
 * reported. */
#include <linux/fs.h>
#include <linux/mutex.h>

struct toy_sb_info {
	struct mutex freeze_lock;
	int dirty;
};

static int toy_freeze(struct super_block *sb)
{
	struct toy_sb_info *sbi = sb->s_fs_info;

	mutex_lock(&sbi->freeze_lock);
	if (sbi->dirty) {
		mutex_unlock(&sbi->freeze_lock);
		return -EBUSY;
	}
	return 0;
}

static int toy_unfreeze(struct super_block *sb)
{
	struct toy_sb_info *sbi = sb->s_fs_info;

	mutex_unlock(&sbi->freeze_lock);
	return 0;
}

static const struct super_operations toy_sops = {
	.freeze_fs = toy_freeze,
	.unfreeze_fs = toy_unfreeze,
};
