/* case: an array of the driver's own function-pointer type (a firmware step table) is not an entry kind; only iw_handler arrays are */
#include <linux/fs.h>
#include <linux/uaccess.h>

typedef int (*fw_step)(struct file *fp);

static int fw_step_header(struct file *fp)
{
	mm_segment_t old_fs;
	u8 hdr[8];
	loff_t pos = 0;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	if (vfs_read(fp, (char __user *)hdr, sizeof(hdr), &pos) != sizeof(hdr))
		return -EIO; /* expect: ds-unbalanced */
	set_fs(old_fs);
	return 0;
}

static const fw_step fw_steps[] = {
	fw_step_header,
};

int fw_run(struct file *fp)
{
	return fw_steps[0](fp);
}
