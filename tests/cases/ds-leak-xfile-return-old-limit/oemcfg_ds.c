/* case: oemcfg_raise_ds() returns the old limit and oemcfg_lower_ds(old) puts it back; a syscall in another file jumps past the lower on a short read (this file: the helpers) */
#include <linux/fs.h>
#include <linux/uaccess.h>

mm_segment_t oemcfg_raise_ds(void)
{
	mm_segment_t old = get_fs();

	set_fs(KERNEL_DS);
	return old;
}

void oemcfg_lower_ds(mm_segment_t old)
{
	set_fs(old);
}
