#include <linux/uaccess.h>
#include "cal.h"

/* raises on every path, never lowers: an intentional setter */
void cal_kernel_ds_begin(struct cal_dev *cd)
{
	cd->saved_fs = get_fs();
	set_fs(KERNEL_DS);
}

void cal_kernel_ds_end(struct cal_dev *cd)
{
	set_fs(cd->saved_fs);
}
