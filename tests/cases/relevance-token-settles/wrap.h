/* a header's static inline lock wrappers (read by the control-macro scan) */
struct blk_info {
	struct mutex lock;
	int count;
};

static inline void blk_info_lock(struct blk_info *b)
{
	mutex_lock(&b->lock);
}

static inline void blk_info_unlock(struct blk_info *b)
{
	mutex_unlock(&b->lock);
}
