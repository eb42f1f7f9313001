/* case: an inner window nests inside an outer one, each with its own saved value, restored innermost first */
/* oracle: entry sys_keystore_sync */
#include <linux/syscalls.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

#define KS_INDEX_PATH	"/data/keystore/index"
#define KS_BLOB_PATH	"/data/keystore/blob"

static u8 ks_index[16];
static u8 ks_blob[64];

SYSCALL_DEFINE0(keystore_sync)
{
	struct file *idx, *blob;
	mm_segment_t outer_fs, inner_fs;
	loff_t pos = 0;
	ssize_t n;
	long ret = 0;

	idx = filp_open(KS_INDEX_PATH, O_RDONLY, 0);
	if (IS_ERR(idx))
		return PTR_ERR(idx);

	outer_fs = get_fs();
	set_fs(KERNEL_DS);
	n = vfs_read(idx, (char __user *)ks_index, sizeof(ks_index), &pos);
	if (n == sizeof(ks_index)) {
		blob = filp_open(KS_BLOB_PATH, O_RDONLY, 0);
		if (!IS_ERR(blob)) {
			inner_fs = get_fs();
			set_fs(KERNEL_DS);
			pos = 0;
			n = vfs_read(blob, (char __user *)ks_blob, sizeof(ks_blob), &pos);
			set_fs(inner_fs);
			filp_close(blob, NULL);
		}
	}
	if (n < 0)
		ret = n;
	set_fs(outer_fs);
	filp_close(idx, NULL);
	return ret;
}
