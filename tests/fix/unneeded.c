// SPDX-License-Identifier: GPL-2.0
/* must rewrite: a window that protects nothing is removed */
#include <linux/fs.h>

static int led_reset(struct file *fp)
{
	mm_segment_t fs;

	fs = get_fs();
	set_fs(KERNEL_DS);
	fp->f_pos = 0;
	pr_debug("led: reset\n");
	set_fs(fs);
	return 0;
}
