/* case: a close helper restores the limit on success and hides a return
 * of a negative status in an argument check; the callers jump to OnError
 * on a negative status with a macro too.  The success return after
 * vpuONERROR(close) is reached only when the close restored (not
 * reported); the OnError return after a failed write is raised (reported);
 * a close whose hidden return reports success, or a close whose status
 * nobody tests, leaves the success return raised (reported). */
#include <linux/fs.h>
#include <linux/uaccess.h>
#include "inc/vpu_base.h"

#define vpuTRACE(...) pr_debug(__VA_ARGS__)

static vpu_status vpu_close(struct file *fp, unsigned long old_fs)
{
	vpuVERIFY_ARGUMENT(fp != NULL);
	set_fs((mm_segment_t)old_fs);
	filp_close(fp, NULL);
	return vpuSTATUS_OK;
}

static vpu_status vpu_close_or_skip(struct file *fp, unsigned long old_fs)
{
	vpuVERIFY_OR_SKIP(fp != NULL);
	set_fs((mm_segment_t)old_fs);
	filp_close(fp, NULL);
	return vpuSTATUS_OK;
}

static vpu_status vpu_write(struct file *fp, const char *buf, size_t len)
{
	loff_t pos = fp->f_pos;

	if (vfs_write(fp, (const char __user *)buf, len, &pos) != len)
		return vpuSTATUS_GENERIC_IO;
	return vpuSTATUS_OK;
}

vpu_status vpu_dump(const char *text, size_t len)
{
	vpu_status status;
	mm_segment_t fs = get_fs();
	struct file *fp;

	set_fs(KERNEL_DS);
	fp = filp_open("/data/vpu.dump", O_WRONLY | O_CREAT, 0600);
	if (IS_ERR(fp)) {
		set_fs(fs);
		return vpuSTATUS_GENERIC_IO;
	}
	vpuONERROR(vpu_write(fp, text, len));
	vpuONERROR(vpu_close(fp, (unsigned long)fs));
	return vpuSTATUS_OK;

OnError:
	return status; /* expect: ds-unbalanced */
}

vpu_status vpu_dump_skip(const char *text, size_t len)
{
	vpu_status status;
	mm_segment_t fs = get_fs();
	struct file *fp;

	set_fs(KERNEL_DS);
	fp = filp_open("/data/vpu.dump", O_WRONLY | O_CREAT, 0600);
	if (IS_ERR(fp)) {
		set_fs(fs);
		return vpuSTATUS_GENERIC_IO;
	}
	vpuONERROR(vpu_close_or_skip(fp, (unsigned long)fs));
	return vpuSTATUS_OK; /* expect: ds-unbalanced */

OnError:
	/* only negative constants are known: SKIPPED's sign is not, so its
	 * raised return may take the jump too */
	return status; /* expect: ds-unbalanced */
}

vpu_status vpu_dump_untested(const char *text, size_t len)
{
	mm_segment_t fs = get_fs();
	struct file *fp;

	set_fs(KERNEL_DS);
	fp = filp_open("/data/vpu.dump", O_WRONLY | O_CREAT, 0600);
	if (IS_ERR(fp)) {
		set_fs(fs);
		return vpuSTATUS_GENERIC_IO;
	}
	vpu_write(fp, text, len);
	vpu_close(fp, (unsigned long)fs);
	return vpuSTATUS_OK; /* expect: ds-unbalanced */
}
