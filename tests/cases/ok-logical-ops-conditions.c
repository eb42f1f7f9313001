/* case: &&, || and ?: in the conditions inside a window never skip the restore */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#define PANEL_ID_LEN	8

struct panel_probe {
	struct file *fp;
	char id[PANEL_ID_LEN];
	bool quirk_swap;
	loff_t pos;
};

static int panel_identify(struct panel_probe *pp, const char *want)
{
	mm_segment_t old_fs;
	ssize_t n;
	int ret;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	n = vfs_read(pp->fp, (char __user *)pp->id, sizeof(pp->id), &pp->pos);
	if (n != sizeof(pp->id) || (want && strncmp(pp->id, want, PANEL_ID_LEN)))
		ret = -ENODEV;
	else
		ret = pp->quirk_swap ? 1 : 0;
	if (ret >= 0 && pp->quirk_swap && n > 1)
		swap(pp->id[0], pp->id[1]);
	set_fs(old_fs);

	return ret;
}
