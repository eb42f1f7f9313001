/* case: lock-held-return: a quota write handler takes the inode's
 * semaphore with down(), releases it with up() on its normal path, and one
 * early return keeps it down (ufs_quota_write()'s `if (len == towrite)
 * return err;`, upstream fix 15b2fe393183 "UFS: inode->i_sem is not
 * released in error path").  A
 * semaphore may be handed on by design, but not one that the function
 * itself releases and that no other function of the file does */
#include <linux/fs.h>
#include <linux/quota.h>
#include <linux/semaphore.h>

struct qinode {
	struct semaphore i_sem;
	long i_size;
};

struct qinode *quota_file(struct super_block *sb, int type);
int write_block(struct qinode *inode, const char *data, size_t len, int *err);

static ssize_t q_quota_write(struct super_block *sb, int type, const char *data, size_t len,
			     loff_t off)
{
	struct qinode *inode = quota_file(sb, type);
	size_t towrite = len;
	int err = 0;

	down(&inode->i_sem);
	while (towrite > 0) {
		if (write_block(inode, data, towrite, &err) < 0)
			goto out;
		towrite = 0;
	}
out:
	if (len == towrite)
		return err; /* expect: lock-held-return */
	inode->i_size += len - towrite;
	up(&inode->i_sem);
	return len - towrite;
}

static const struct super_operations q_sops = {
	.quota_write = q_quota_write,
};
