/* case: lock-unbalanced: one error branch unlocks before returning, a later one forgets to; the unlock under `if (ret)` must not be read as locking on a flag */
/* args: -Wlock-unbalanced */
#include <linux/mutex.h>

struct codec_priv {
	struct mutex lock;
	bool powered;
	int volume;
};

static int codec_hw_write(struct codec_priv *p, int reg, int val);

static int codec_set_volume(struct codec_priv *p, int vol)
{
	int ret;

	mutex_lock(&p->lock);
	ret = codec_hw_write(p, 0x10, vol);
	if (ret) {
		mutex_unlock(&p->lock);
		return ret;
	}
	if (!p->powered)
		return -EAGAIN; /* expect: lock-unbalanced */
	p->volume = vol;
	mutex_unlock(&p->lock);
	return 0;
}

int codec_volume_up(struct codec_priv *p)
{
	return codec_set_volume(p, p->volume + 1);
}
