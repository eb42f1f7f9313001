// SPDX-License-Identifier: GPL-2.0
/*
 * The mode set where the limit is raised is not the one the restore tests
 * for: the raising path keeps KERNEL_DS.  And a value that is no constant
 * (a parameter) decides nothing.
 */
int work(void);
enum { FROM_BLOB = 1, FROM_FILE = 2 };

int load_swapped(const char *path)
{
	mm_segment_t old_fs;
	int ret, t;

	if (!path) {
		t = FROM_FILE;
	} else {
		old_fs = get_fs();
		set_fs(KERNEL_DS);
		t = FROM_BLOB;
	}
	ret = work();
	if (t == FROM_FILE)
		set_fs(old_fs);
	return ret; /* expect: ds-unbalanced */
}

int load_param(const char *path, int mode)
{
	mm_segment_t old_fs;
	int ret, t = FROM_BLOB;

	if (path) {
		old_fs = get_fs();
		set_fs(KERNEL_DS);
		t = mode;
	}
	ret = work();
	if (t == FROM_FILE)
		set_fs(old_fs);
	return ret; /* expect: ds-unbalanced */
}
