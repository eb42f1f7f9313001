/* case: a helper returns from inside a for loop while raised when it finds the matching record */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#define PANEL_DB_ENTRIES	16

struct panel_rec {
	char name[24];
	u32 timing[8];
};

static int panel_db_lookup(struct file *db, const char *name, struct panel_rec *out)
{
	struct panel_rec rec;
	mm_segment_t old_fs;
	loff_t pos = 0;
	int i;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	for (i = 0; i < PANEL_DB_ENTRIES; i++) {
		if (vfs_read(db, (char __user *)&rec, sizeof(rec), &pos) != sizeof(rec))
			break;
		if (strncmp(rec.name, name, sizeof(rec.name)))
			continue;
		memcpy(out, &rec, sizeof(rec));
		return 0; /* expect: ds-unbalanced */
	}
	set_fs(old_fs);
	return -ENOENT;
}
