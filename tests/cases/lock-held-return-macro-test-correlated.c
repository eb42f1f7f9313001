/* case: the lock and the unlock sit under two tests of the same
 * function-like macro (upper case, by the kernel's naming): the test reads
 * the same state both times, so the paths correlate and no exit keeps the
 * lock (ocfs2_bmap() in 6.1 takes ip_alloc_sem only for non-journal
 * inodes, as the ->bmap of its address_space_operations).  Its twin tests
 * another macro before the unlock: reported. */
struct rw_semaphore { int x; };
struct inode { int flags; struct rw_semaphore sem; };
struct address_space { struct inode *host; };
long ext_lookup(struct inode *inode, long block);
void down_read(struct rw_semaphore *s);
void up_read(struct rw_semaphore *s);
struct address_space_operations {
	long (*bmap)(struct address_space *, long);
};

#define FS_JOURNAL(i) ((i)->flags & 4)
#define FS_SYNC(i) ((i)->flags & 8)

static long fs_bmap(struct address_space *mapping, long block)
{
	struct inode *inode = mapping->host;
	long ret;

	if (!FS_JOURNAL(inode))
		down_read(&inode->sem);
	ret = ext_lookup(inode, block);
	if (!FS_JOURNAL(inode))
		up_read(&inode->sem);
	return ret;
}

static long fs_bmap_call(struct address_space *mapping, long block)
{
	struct inode *inode = mapping->host;
	long ret;

	if (!FS_JOURNAL(inode))
		down_read(&inode->sem);
	ret = ext_lookup(inode, block);
	if (!FS_SYNC(inode))
		up_read(&inode->sem);
	return ret; /* expect: lock-held-return */
}

const struct address_space_operations fs_aops = {
	.bmap = fs_bmap,
};

const struct address_space_operations fs_aops_sync = {
	.bmap = fs_bmap_call,
};
