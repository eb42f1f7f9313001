/* case: batt_raise_ds() in another file returns the old limit, batt_lower_ds(old) puts it back; this proc write handler lowers on every path before it returns */
#include <linux/module.h>
#include <linux/proc_fs.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#define BATT_PROFILE_PATH	"/data/vendor/batt_profile.txt"
#define BATT_PROFILE_MAX	512

mm_segment_t batt_raise_ds(void);
void batt_lower_ds(mm_segment_t old_fs);

static ssize_t batt_profile_write(struct file *file, const char __user *ubuf,
				  size_t count, loff_t *ppos)
{
	struct file *fp;
	mm_segment_t old;
	loff_t pos = 0;
	ssize_t n;
	char *kbuf;

	if (count > BATT_PROFILE_MAX)
		return -EINVAL;
	kbuf = memdup_user(ubuf, count);
	if (IS_ERR(kbuf))
		return PTR_ERR(kbuf);

	fp = filp_open(BATT_PROFILE_PATH, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (IS_ERR(fp)) {
		kfree(kbuf);
		return PTR_ERR(fp);
	}

	old = batt_raise_ds();
	n = vfs_write(fp, (const char __user *)kbuf, count, &pos);
	if (n < 0) {
		batt_lower_ds(old);
		filp_close(fp, NULL);
		kfree(kbuf);
		return n;
	}
	n = vfs_fsync(fp, 0) ? -EIO : count;
	batt_lower_ds(old);

	filp_close(fp, NULL);
	kfree(kbuf);
	return n;
}

static const struct proc_ops batt_profile_ops = {
	.proc_write	= batt_profile_write,
	.proc_lseek	= noop_llseek,
};
