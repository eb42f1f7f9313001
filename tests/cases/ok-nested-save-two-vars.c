/* case: an inner save/raise/restore nested inside an outer window; each restore uses its own saved variable */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

struct fw_pair {
	struct file *main_fp;
	struct file *patch_fp;
	u8 main_img[4096];
	u8 patch[256];
	bool want_patch;
};

static int fw_pair_read(struct fw_pair *fp2)
{
	mm_segment_t old_fs, inner_fs;
	loff_t pos = 0, ppos = 0;
	ssize_t n;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	n = vfs_read(fp2->main_fp, (char __user *)fp2->main_img, sizeof(fp2->main_img), &pos);
	if (n > 0 && fp2->want_patch) {
		inner_fs = get_fs();
		set_fs(KERNEL_DS);
		vfs_read(fp2->patch_fp, (char __user *)fp2->patch, sizeof(fp2->patch), &ppos);
		set_fs(inner_fs);
	}
	set_fs(old_fs);

	return n < 0 ? n : 0;
}
