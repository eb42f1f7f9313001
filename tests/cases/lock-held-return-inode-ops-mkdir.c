/* case: an inode_operations .mkdir (reached from mkdir(2)) returns -ENOSPC with the superblock's inode-table mutex held; .rmdir of the same table unlocks on every path */
#include <linux/fs.h>
#include <linux/mutex.h>

struct toyfs_sb {
	struct mutex itable_lock;
	unsigned int free_inodes;
};

int toyfs_new_dir(struct inode *dir, struct dentry *dentry, umode_t mode);
int toyfs_drop_dir(struct inode *dir, struct dentry *dentry);

static int toyfs_mkdir(struct user_namespace *ns, struct inode *dir, struct dentry *dentry,
		       umode_t mode)
{
	struct toyfs_sb *sbi = dir->i_sb->s_fs_info;
	int err;

	mutex_lock(&sbi->itable_lock);
	if (!sbi->free_inodes)
		return -ENOSPC; /* expect: lock-held-return */
	err = toyfs_new_dir(dir, dentry, mode);
	mutex_unlock(&sbi->itable_lock);
	return err;
}

static int toyfs_rmdir(struct inode *dir, struct dentry *dentry)
{
	struct toyfs_sb *sbi = dir->i_sb->s_fs_info;
	int err;

	mutex_lock(&sbi->itable_lock);
	err = toyfs_drop_dir(dir, dentry);
	mutex_unlock(&sbi->itable_lock);
	return err;
}

const struct inode_operations toyfs_dir_iops = {
	.mkdir	= toyfs_mkdir,
	.rmdir	= toyfs_rmdir,
};
