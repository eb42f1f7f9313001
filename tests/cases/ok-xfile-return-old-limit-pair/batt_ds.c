/* case: batt_raise_ds() returns the old limit and batt_lower_ds(old) puts it back; a proc write handler in another file lowers on every path (this file: the helpers) */
#include <linux/fs.h>
#include <linux/uaccess.h>

mm_segment_t batt_raise_ds(void)
{
	mm_segment_t old_fs;

	old_fs = get_fs();
	set_fs(get_ds());
	return old_fs;
}

void batt_lower_ds(mm_segment_t old_fs)
{
	set_fs(old_fs);
}
