/* case: three files: setter helpers (this file), a proc write handler that uses them and skips the end helper on an error path, and the proc_ops initializer that makes the handler an entry point */
#include <linux/fs.h>
#include <linux/uaccess.h>

struct batt_kio {
	mm_segment_t saved;
	struct file *fp;
	loff_t pos;
};

void batt_kio_begin(struct batt_kio *k)
{
	k->saved = get_fs();
	set_fs(KERNEL_DS);
	k->pos = 0;
}

void batt_kio_end(struct batt_kio *k)
{
	set_fs(k->saved);
}
