/* args: -DSUPPORT_SPU_FW */
/* case: a feature its file switched off by commenting out its #define is
 * compiled when the command line defines it (-D, as a Makefile's
 * ccflags-y would): the early return under it is analysed. */
#include <linux/fs.h>
#include <linux/uaccess.h>

//#define SUPPORT_SPU_FW

static int fw_load(struct file *fp, char *buf)
{
	mm_segment_t old = get_fs();
	loff_t pos = 0;

	set_fs(KERNEL_DS);
#ifdef SUPPORT_SPU_FW
	if (!buf)
		return 0; /* expect: ds-unbalanced */
#endif
	vfs_read(fp, (char __user *)buf, 4096, &pos);
	set_fs(old);
	return 4096;
}
