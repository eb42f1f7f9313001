/* case: lock-unbalanced: the error of a helper call is returned directly with the rw_semaphore held for writing; the helper is defined in the file and does not touch the lock */
/* args: -Wlock-unbalanced */
#include <linux/rwsem.h>

struct fw_cache {
	struct rw_semaphore rwsem;
	void *blob;
	size_t len;
};

static int fw_cache_validate(const void *blob, size_t len)
{
	if (!blob || len < 16)
		return -EINVAL;
	return 0;
}

static int fw_cache_replace(struct fw_cache *fc, void *blob, size_t len)
{
	int err;

	down_write(&fc->rwsem);
	err = fw_cache_validate(blob, len);
	if (err)
		return err; /* expect: lock-unbalanced */
	fc->blob = blob;
	fc->len = len;
	up_write(&fc->rwsem);
	return 0;
}

int fw_cache_load(struct fw_cache *fc, void *blob, size_t len)
{
	return fw_cache_replace(fc, blob, len);
}
