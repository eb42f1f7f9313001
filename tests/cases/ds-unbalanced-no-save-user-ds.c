/* case: a helper raises without saving, lowers with USER_DS, and one error return skips the lowering */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

#define TP_LOG_PATH	"/data/local/tmp/tp_event.log"

static int tp_append_log(const char *msg, size_t len)
{
	struct file *fp;
	loff_t pos;

	set_fs(KERNEL_DS); /* expect: ds-no-save */
	fp = filp_open(TP_LOG_PATH, O_WRONLY | O_CREAT | O_APPEND, 0644);
	if (IS_ERR(fp))
		return PTR_ERR(fp); /* expect: ds-unbalanced */
	pos = fp->f_pos;
	vfs_write(fp, (const char __user *)msg, len, &pos);
	filp_close(fp, NULL);
	set_fs(USER_DS);
	return 0;
}
