/* case: a filesystem's ->quota_write (quotactl(2), and the quota updates a
 * chown or write makes) takes the quota file's inode lock and returns 0
 * with it held when nothing was written (ext2, ext3 and jfs before
 * 2.6.33's fix, the i_mutex of that time); ->quota_read leaks the inode's
 * rwsem the same way on a short read.
 * ->freeze_fs is not an entry kind: it may return locked for ->unfreeze_fs
 * (see ok-super-ops-freeze-returns-locked.c). */
#include <linux/fs.h>
#include <linux/quota.h>
#include <linux/mutex.h>

struct inode *toy_quota_inode(struct super_block *sb, int type);
int toy_write_block(struct inode *inode, const char *data, size_t len, loff_t off);

static ssize_t toy_quota_write(struct super_block *sb, int type, const char *data, size_t len,
			       loff_t off)
{
	struct inode *inode = toy_quota_inode(sb, type);
	size_t towrite = len;

	mutex_lock_nested(&inode->i_mutex, I_MUTEX_QUOTA);
	while (towrite > 0) {
		if (toy_write_block(inode, data, towrite, off))
			break;
		towrite = 0;
	}
	if (len == towrite)
		return 0; /* expect: lock-held-return */
	mutex_unlock(&inode->i_mutex);
	return len - towrite;
}

static ssize_t toy_quota_read(struct super_block *sb, int type, char *data, size_t len, loff_t off)
{
	struct inode *inode = toy_quota_inode(sb, type);

	down_read(&inode->i_rwsem);
	if (off > i_size_read(inode))
		return 0; /* expect: lock-held-return */
	up_read(&inode->i_rwsem);
	return len;
}

static const struct super_operations toy_sops = {
	.quota_read = toy_quota_read,
	.quota_write = toy_quota_write,
};
