/* the subsystem's lock wrappers, static inline in its header (fs/affs/affs.h, fs/ext4/xattr.h) */
#include <linux/mutex.h>
#include <linux/rwsem.h>

struct dnode {
	struct mutex hash_lock;
	struct rw_semaphore xattr_sem;
	int state;
	int count;
};

#define DNODE(i) ((struct dnode *)(i))

static inline void dnode_lock_dir(void *inode)
{
	mutex_lock(&DNODE(inode)->hash_lock);
}

static inline void dnode_unlock_dir(void *inode)
{
	mutex_unlock(&DNODE(inode)->hash_lock);
}

static inline void dnode_write_lock_xattr(void *inode, int *save)
{
	down_write(&DNODE(inode)->xattr_sem);
	*save = DNODE(inode)->state;
	DNODE(inode)->state = 1;
}

/* conditional: no wrapper (what it holds depends on its result) */
static inline int dnode_write_trylock_xattr(void *inode, int *save)
{
	if (down_write_trylock(&DNODE(inode)->xattr_sem) == 0)
		return 0;
	*save = DNODE(inode)->state;
	return 1;
}

static inline void dnode_write_unlock_xattr(void *inode, int *save)
{
	if (*save == 0)
		DNODE(inode)->state = 0;
	up_write(&DNODE(inode)->xattr_sem);
}
