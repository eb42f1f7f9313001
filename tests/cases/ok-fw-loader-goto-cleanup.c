/* case: an __init firmware loader with several gotos, all funnelled through one restore */
#include <linux/init.h>
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#define ISH_FW_FILE	"/lib/firmware/ish_boot.bin"
#define ISH_FW_MAGIC	0x31485349

static u8 *ish_fw;
static size_t ish_fw_len;

static int __init ish_fw_preload(void)
{
	struct file *fp;
	mm_segment_t old_fs;
	loff_t size, pos = 0;
	int ret = 0;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	fp = filp_open(ISH_FW_FILE, O_RDONLY, 0);
	if (IS_ERR(fp)) {
		ret = PTR_ERR(fp);
		goto restore;
	}
	size = vfs_llseek(fp, 0, SEEK_END);
	if (size < 4) {
		ret = -EINVAL;
		goto close;
	}
	vfs_llseek(fp, 0, SEEK_SET);
	ish_fw = kmalloc(size, GFP_KERNEL);
	if (!ish_fw) {
		ret = -ENOMEM;
		goto close;
	}
	if (vfs_read(fp, (char __user *)ish_fw, size, &pos) != size ||
	    *(u32 *)ish_fw != ISH_FW_MAGIC) {
		kfree(ish_fw);
		ish_fw = NULL;
		ret = -EIO;
		goto close;
	}
	ish_fw_len = size;
close:
	filp_close(fp, NULL);
restore:
	set_fs(old_fs);
	return ret;
}
