/* case: an asmlinkage sys_* function (an entry point by its name) calls a helper that restores the limit on its success path only; ds-unbalanced in the helper, ds-leak in the syscall */
#include <linux/kernel.h>
#include <linux/linkage.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

#define SENSORHUB_DUMP_PATH	"/data/vendor/sensorhub_dump.bin"
#define SHUB_DUMP_MAGIC		0x53485544

struct shub_dump_hdr {
	__le32 magic;
	__le32 len;
	__le32 crc;
};

static struct shub_dump_hdr shub_last_hdr;

static int shub_read_dump_hdr(struct shub_dump_hdr *hdr)
{
	mm_segment_t old_fs;
	struct file *fp;
	loff_t pos = 0;
	int ret = 0;

	fp = filp_open(SENSORHUB_DUMP_PATH, O_RDONLY, 0);
	if (IS_ERR(fp))
		return PTR_ERR(fp);

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	if (vfs_read(fp, (char __user *)hdr, sizeof(*hdr), &pos) != sizeof(*hdr)) {
		ret = -EIO;
		goto out_close;
	}
	set_fs(old_fs);
out_close:
	filp_close(fp, NULL);
	return ret; /* expect: ds-unbalanced */
}

asmlinkage long sys_sensorhub_dump_refresh(void)
{
	int ret;

	ret = shub_read_dump_hdr(&shub_last_hdr);
	if (!ret && le32_to_cpu(shub_last_hdr.magic) != SHUB_DUMP_MAGIC)
		ret = -EINVAL;
	return ret; /* expect: ds-leak */
}
