// SPDX-License-Identifier: GPL-2.0
/*
 * A setter whose only path that does not raise is a NULL check of the
 * pointer it hands the saved limit back through (MediaTek's
 * mtk_rtc_tickstamp.c fs_set(): `VOID_RETURN_IF(!oldfs); *oldfs = get_fs();
 * set_fs(get_ds());`, fs_restore() its pair): that exit is an argument
 * check, not a restore, so the setter is not reported, in either spelling.
 * A NULL check of another parameter is a path that does not raise, and a
 * restore beside the check is one: both reported.
 */
#define VOID_RETURN_IF(cond) do { if (cond) return; } while (0)

struct dev { int mode; };

static void fs_set(mm_segment_t *oldfs)
{
	VOID_RETURN_IF(!oldfs);
	*oldfs = get_fs();
	set_fs(get_ds());
}

static void fs_set_plain(mm_segment_t *oldfs)
{
	if (oldfs == NULL)
		return;
	*oldfs = get_fs();
	set_fs(KERNEL_DS);
}

static void fs_restore(const mm_segment_t *oldfs)
{
	VOID_RETURN_IF(!oldfs);
	set_fs(*oldfs);
}

/* the check is of the device, not of where the limit goes */
static void dev_fs_set(struct dev *d, mm_segment_t *oldfs)
{
	if (!d)
		return;
	*oldfs = get_fs();
	set_fs(KERNEL_DS);
} /* expect: ds-unbalanced */

/* a mode that restores at once: a path that does not leave it raised */
static void mode_fs_set(struct dev *d, mm_segment_t *oldfs)
{
	VOID_RETURN_IF(!oldfs);
	*oldfs = get_fs();
	set_fs(KERNEL_DS);
	if (d->mode)
		return; /* expect: ds-unbalanced */
	set_fs(*oldfs);
}

/* the pair around an open, and a caller's paths after it: the checks of
 * `oldfs` in fs_set()/fs_restore() are decided by the `&oldfs` given, so
 * the open leaves the limit as it found it */
#define EXIT_IF(x) do { if (x) goto _exit; } while(0);

static DEFINE_MUTEX(stamp_mutex);

static struct file *stamp_open(const char *path, int flags)
{
	struct file *fp = NULL;
	mm_segment_t oldfs;

	fs_set(&oldfs);
	fp = filp_open(path, flags, 0);
	fs_restore(&oldfs);
	if (IS_ERR(fp)) {
		pr_err("cannot open %s (%ld)\n", path, PTR_ERR(fp));
		return NULL;
	}
	return fp;
}

static void stamp_close(struct file *fp)
{
	int retval = 0;

	EXIT_IF(!fp);
	retval = filp_close(fp, NULL);
_exit:
	if (retval)
		pr_err("cannot close (%d)\n", retval);
}

static ssize_t stamp_read(struct file *fp, char *data, size_t count)
{
	ssize_t n;
	mm_segment_t oldfs;

	fs_set(&oldfs);
	n = vfs_read(fp, (char __user *)data, count, &fp->f_pos);
	fs_restore(&oldfs);
	return n;
}

static void stamp_load(struct work_struct *work)
{
	int size = -EIO;
	struct file *fp = NULL;
	char stamp[8];

	EXIT_IF(!work);		/* (the tree's own lock bug: unlocks at _exit) */
	mutex_lock(&stamp_mutex);
	fp = stamp_open("/cache/stamp", O_RDONLY);
	EXIT_IF(!fp);
	size = stamp_read(fp, stamp, sizeof(stamp));
	EXIT_IF(size < 0);
_exit:
	stamp_close(fp);
	mutex_unlock(&stamp_mutex); /* expect: lock-release-unheld */
	if (size < 0)
		pr_err("no stamp (%d)\n", size);
}

ssize_t ts_read(struct file *fp, char *buf, size_t len)
{
	mm_segment_t oldfs;
	ssize_t size;

	fs_set(&oldfs);
	size = vfs_read(fp, buf, len, &fp->f_pos);
	fs_restore(&oldfs);
	fs_set_plain(&oldfs);
	size += vfs_read(fp, buf, len, &fp->f_pos);
	fs_restore(&oldfs);
	return size;
}
