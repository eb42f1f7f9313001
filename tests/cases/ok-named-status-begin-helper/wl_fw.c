/* case: wl_fw_open() saves the caller's limit in a global and raises, and returns WL_STATUS_SUCCESS with it raised; its failure path restores and returns WL_STATUS_FAILURE (enum constants from wl_status.h). wl_fw_close() restores from the global */
#include <linux/fs.h>
#include <linux/err.h>
#include <linux/uaccess.h>
#include "wl_status.h"

static mm_segment_t wl_orgfs;
struct file *wl_fw_filp;

WL_STATUS wl_fw_open(const char *path)
{
	wl_orgfs = get_fs();
	set_fs(KERNEL_DS);
	wl_fw_filp = filp_open(path, O_RDONLY, 0);
	if (IS_ERR(wl_fw_filp))
		goto error_open;
	return WL_STATUS_SUCCESS;

error_open:
	set_fs(wl_orgfs);
	return WL_STATUS_FAILURE;
}

void wl_fw_close(void)
{
	filp_close(wl_fw_filp, NULL);
	set_fs(wl_orgfs);
}
