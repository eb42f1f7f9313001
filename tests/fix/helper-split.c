// SPDX-License-Identifier: GPL-2.0
/* cannot rewrite: the window opens and closes in two helpers */
#include <linux/uaccess.h>

struct als_ctx { mm_segment_t saved; };

static void als_begin(struct als_ctx *c)
{
	c->saved = get_fs();
	set_fs(KERNEL_DS);
}

static void als_end(struct als_ctx *c)
{
	set_fs(c->saved);
}
