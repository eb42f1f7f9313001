/* case: a feature its file switched off by commenting out its #define is
 * not compiled.  The firmware loader's early returns under SUPPORT_SPU_FW
 * and USE_FILE_DUMP (a vendor driver's `//#define SUPPORT_SPU_FW`, never
 * defined anywhere) leave the limit raised, but no build has them; the one
 * under DEBUG does, since kbuild may pass -DDEBUG (ccflags-y) whatever the
 * file says, and so does the one under a CONFIG_ option, which the
 * configuration sets.  A switch the file defines after all is on. */
#include <linux/fs.h>
#include <linux/uaccess.h>

//#define SUPPORT_SPU_FW
/* #define USE_FILE_DUMP */
//#define DEBUG
//#define CONFIG_FW_LOAD_CHECK
// #define USE_CACHE
#define USE_CACHE

static int fw_load(struct file *fp, char *buf)
{
	mm_segment_t old = get_fs();
	loff_t pos = 0;

	set_fs(KERNEL_DS);
#ifdef SUPPORT_SPU_FW
	if (!buf)
		return 0;
#endif
#if defined(USE_FILE_DUMP) && 1
	if (buf[0])
		return 1;
#endif
#ifdef DEBUG
	if (buf[1])
		return 2; /* expect: ds-unbalanced */
#endif
#ifdef USE_CACHE
	if (buf[2])
		return 3; /* expect: ds-unbalanced */
#endif
#ifdef CONFIG_FW_LOAD_CHECK
	if (buf[3])
		return 4; /* expect: ds-unbalanced */
#endif
	vfs_read(fp, (char __user *)buf, 4096, &pos);
	set_fs(old);
	return 4096;
}
