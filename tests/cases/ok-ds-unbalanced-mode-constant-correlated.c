// SPDX-License-Identifier: GPL-2.0
/*
 * A mode variable set to a named constant where the limit is raised, and
 * tested against that constant (or another one) where it is restored: the
 * test takes the arm the value decides, so no path raises in one mode and
 * skips the restore of the other (goodix's gt1x_update_prepare(): the raise
 * sets update_type to UPDATE_TYPE_FILE, the failure label restores unless
 * update_type is UPDATE_TYPE_HEADER).
 */
int work(void);
enum { FROM_BLOB = 1, FROM_FILE = 2 };

static struct { int type; mm_segment_t old_fs; } upd;

int load_eq(const char *path)
{
	mm_segment_t old_fs;
	int ret, t;

	if (!path) {
		t = FROM_BLOB;
	} else {
		old_fs = get_fs();
		set_fs(KERNEL_DS);
		t = FROM_FILE;
	}
	ret = work();
	if (t == FROM_FILE)
		set_fs(old_fs);
	return ret;
}

int load_field(const char *path)
{
	int ret;

	if (!path) {
		upd.type = FROM_BLOB;
	} else {
		upd.old_fs = get_fs();
		set_fs(KERNEL_DS);
		upd.type = FROM_FILE;
	}
	ret = work();
	if (upd.type != FROM_BLOB)
		set_fs(upd.old_fs);
	return ret;
}

int load_num(const char *path)
{
	mm_segment_t old_fs;
	int ret, t;

	if (!path) {
		t = 3;
	} else {
		old_fs = get_fs();
		set_fs(KERNEL_DS);
		t = 7;
	}
	ret = work();
	if (7 == t)
		set_fs(old_fs);
	return ret;
}
