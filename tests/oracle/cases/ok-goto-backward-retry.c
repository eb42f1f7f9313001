/* case: a backward goto retries the whole window once; the restore precedes both the retry and the exit */
/* oracle: entry sys_nvram_commit */
#include <linux/syscalls.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

#define NVRAM_PATH	"/dev/block/by-name/nvram"

static u8 nvram_image[48];

SYSCALL_DEFINE0(nvram_commit)
{
	struct file *fp;
	mm_segment_t old_fs;
	loff_t pos;
	ssize_t n;
	int retried = 0;

	fp = filp_open(NVRAM_PATH, O_WRONLY, 0);
	if (IS_ERR(fp))
		return PTR_ERR(fp);
again:
	pos = 0;
	old_fs = get_fs();
	set_fs(KERNEL_DS);
	n = vfs_write(fp, (const char __user *)nvram_image, sizeof(nvram_image), &pos);
	set_fs(old_fs);
	if (n != sizeof(nvram_image) && !retried++)
		goto again;
	filp_close(fp, NULL);
	return n == sizeof(nvram_image) ? 0 : -EIO;
}
