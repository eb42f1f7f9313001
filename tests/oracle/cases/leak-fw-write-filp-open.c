/* case: a .write handler raises the limit, then opens the firmware file and returns its error still raised */
/* oracle: entry dsp_fw_write */
/* oracle: string "load" */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/vmalloc.h>
#include <linux/uaccess.h>

#define DSP_FW_PATH	"/lib/firmware/dsp_main.img"
#define DSP_FW_MAX	(64 * 1024)

static int dsp_boot(const u8 *img, size_t len)
{
	return len >= 8 && !memcmp(img, "ORACLE01", 8) ? 0 : -EINVAL;
}

static ssize_t dsp_fw_write(struct file *file, const char __user *ubuf, size_t count, loff_t *ppos)
{
	char cmd[8] = { 0 };
	struct file *fp;
	mm_segment_t old_fs;
	loff_t pos = 0;
	ssize_t n;
	u8 *img;
	int ret;

	if (count == 0 || count >= sizeof(cmd))
		return -EINVAL;
	if (copy_from_user(cmd, ubuf, count))
		return -EFAULT;
	if (strncmp(cmd, "load", 4))
		return -EINVAL;

	img = vmalloc(DSP_FW_MAX);
	if (!img)
		return -ENOMEM;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	fp = filp_open(DSP_FW_PATH, O_RDONLY, 0);
	if (IS_ERR(fp)) {
		vfree(img);
		return PTR_ERR(fp); /* expect: ds-leak */
	}
	n = vfs_read(fp, (char __user *)img, DSP_FW_MAX, &pos);
	filp_close(fp, NULL);
	set_fs(old_fs);

	ret = n < 0 ? (int)n : dsp_boot(img, n);
	vfree(img);
	return ret ? ret : (ssize_t)count;
}

static const struct file_operations dsp_fw_fops = {
	.owner	= THIS_MODULE,
	.write	= dsp_fw_write,
	.llseek	= no_llseek,
};
