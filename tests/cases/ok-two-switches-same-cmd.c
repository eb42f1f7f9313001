/* case: a compat fcntl raises for three commands in one switch and restores for the same
 * three in a second switch on the unchanged cmd: the arms correlate, nothing leaks */
#include <linux/fs.h>
#include <linux/fcntl.h>
#include <linux/syscalls.h>
#include <linux/uaccess.h>

asmlinkage long sys_demo_fcntl64(unsigned int fd, unsigned int cmd, unsigned long arg)
{
	struct flock64 kernel;
	unsigned long local_arg = arg;
	mm_segment_t fs = USER_DS;
	long ret;

	switch (cmd) {
	case F_GETLK64:
	case F_SETLK64:
	case F_SETLKW64:
		memset(&kernel, 0, sizeof(kernel));
		local_arg = (unsigned long)&kernel;
		fs = get_fs();
		set_fs(KERNEL_DS);
	}

	ret = sys_fcntl64(fd, cmd, local_arg);

	switch (cmd) {
	case F_GETLK64:
	case F_SETLK64:
	case F_SETLKW64:
		set_fs(fs);
	}
	return ret;
}
