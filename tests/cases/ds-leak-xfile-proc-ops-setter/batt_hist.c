/* case: this proc write handler raises through batt_kio_begin() from another file and returns before batt_kio_end() when the history file is short; the proc_ops initializer is in a third file */
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/kstrtox.h>
#include <linux/uaccess.h>

#define BATT_HIST_PATH	"/data/vendor/batt_history.bin"

struct batt_kio {
	mm_segment_t saved;
	struct file *fp;
	loff_t pos;
};

struct batt_hist_rec {
	__le32 soc;
	__le32 temp;
	__le64 ts;
};

void batt_kio_begin(struct batt_kio *k);
void batt_kio_end(struct batt_kio *k);
void batt_hist_replay(const struct batt_hist_rec *r);

ssize_t batt_hist_write(struct file *file, const char __user *ubuf, size_t count, loff_t *ppos)
{
	struct batt_hist_rec rec;
	struct batt_kio k;
	unsigned int nr, i;
	int ret;

	ret = kstrtouint_from_user(ubuf, count, 0, &nr);
	if (ret)
		return ret;

	k.fp = filp_open(BATT_HIST_PATH, O_RDONLY, 0);
	if (IS_ERR(k.fp))
		return PTR_ERR(k.fp);

	batt_kio_begin(&k);
	for (i = 0; i < nr; i++) {
		if (vfs_read(k.fp, (char __user *)&rec, sizeof(rec), &k.pos) != sizeof(rec)) {
			filp_close(k.fp, NULL);
			return -ENODATA; /* expect: ds-leak */
		}
		batt_hist_replay(&rec);
	}
	batt_kio_end(&k);

	filp_close(k.fp, NULL);
	return count;
}
