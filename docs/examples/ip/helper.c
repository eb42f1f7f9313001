#include <linux/uaccess.h>

/* raises on every path and never lowers: an intentional setter */
void cal_enter_kernel_ds(struct cal_dev *cd)
{
	cd->saved_fs = get_fs();
	set_fs(KERNEL_DS);
}

void cal_leave_kernel_ds(struct cal_dev *cd)
{
	set_fs(cd->saved_fs);
}
