// SPDX-License-Identifier: GPL-2.0
/* cannot rewrite: a system call made from the kernel; the note names what to use (for the stat
 * calls, api.def's FX_SYS_STAT kind) */
#include <linux/syscalls.h>

static int log_open(const char *path)
{
	mm_segment_t fs = get_fs();
	long fd;

	set_fs(KERNEL_DS);
	fd = sys_open((const char __user *)path, O_WRONLY | O_CREAT | O_APPEND, 0644);
	set_fs(fs);
	return fd;
}

static long log_size(const char *path)
{
	mm_segment_t fs = get_fs();
	struct stat st;
	long err;

	set_fs(KERNEL_DS);
	err = sys_newstat((const char __user *)path, (struct stat __user *)&st);
	set_fs(fs);
	return err ? err : (long)st.st_size;
}
