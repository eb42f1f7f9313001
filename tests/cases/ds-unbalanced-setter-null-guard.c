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
