/* case: lock-release-unheld: the lock is taken inside an `if` without
 * `else` and released after it, so the path that skipped the `if` releases
 * a mutex it never took (snd_hda_multi_out_analog_open(), upstream fix
 * eaa9985b4edb "[ALSA] hda-codec - Fix unbalanced mutex"): the end of the
 * `if` joins the two paths as a label does.  Also a mutex_lock_interruptible()
 * whose failure is ignored, then the unlock (softing_card_shutdown() in
 * linux 6.1: `if (mutex_lock_interruptible(&card->fw.lock)) { }`) */
#include <linux/mutex.h>

struct codec {
	struct mutex spdif_mutex;
	unsigned int spdif_rates;
};

struct multi_out {
	int dig_out_nid;
	int share_spdif;
	unsigned int rates;
};

int hw_constraint_step(struct multi_out *mout);

int multi_out_analog_open(struct codec *codec, struct multi_out *mout)
{
	if (mout->dig_out_nid) {
		mutex_lock(&codec->spdif_mutex);
		if (mout->share_spdif)
			mout->rates &= codec->spdif_rates;
	}
	mutex_unlock(&codec->spdif_mutex); /* expect: lock-release-unheld */
	return hw_constraint_step(mout);
}

struct card {
	struct mutex lock;
	int up;
};

void card_reset(struct card *card);

void card_shutdown(struct card *card)
{
	if (mutex_lock_interruptible(&card->lock)) {
		/* return -ERESTARTSYS */;
	}
	if (card->up)
		card_reset(card);
	card->up = 0;
	mutex_unlock(&card->lock); /* expect: lock-release-unheld */
}
