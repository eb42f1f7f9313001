/* a header's static inline lock wrappers (read by the control-macro scan) */
struct inode_info {
	struct mutex lock;
	int count;
};

static inline void ino_lock(struct inode_info *i)
{
	mutex_lock(&i->lock);
}

static inline void ino_unlock(struct inode_info *i)
{
	mutex_unlock(&i->lock);
}
