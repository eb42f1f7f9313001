/* case: fsync takes the inode mutex and at the end calls mutex_lock() again where mutex_unlock() was meant (fs/yaffs2 yaffs_sync_object in a vendor 3.4 tree): the handler returns with the mutex held */
#include <linux/fs.h>

static int yaffs_sync_object(struct file *file, loff_t start, loff_t end, int datasync)
{
	struct inode *inode = file->f_mapping->host;
	struct yaffs_obj *obj;
	int err;

	err = filemap_write_and_wait_range(inode->i_mapping, start, end);
	if (err)
		return err;

	mutex_lock(&inode->i_mutex);
	obj = yaffs_dentry_to_obj(file->f_dentry);
	yaffs_flush_file(obj, 1, datasync);
	mutex_lock(&inode->i_mutex); /* expect: lock-double-acquire */
	return 0; /* expect: lock-held-return */
}

static const struct file_operations yaffs_file_operations = {
	.fsync = yaffs_sync_object,
};
