/* case: raise and restore are both under `#ifdef CONFIG_SOC_LEGACY_FS` in a proc_ops write handler */
#include <linux/proc_fs.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

static struct file *soc_ctrl_filp;
static loff_t soc_ctrl_pos;

static ssize_t soc_ctrl_proc_write(struct file *file, const char __user *ubuf,
				   size_t len, loff_t *ppos)
{
#ifdef CONFIG_SOC_LEGACY_FS
	mm_segment_t old_fs;
#endif
	ssize_t ret;
	char *kbuf;

	kbuf = memdup_user_nul(ubuf, len);
	if (IS_ERR(kbuf))
		return PTR_ERR(kbuf);

#ifdef CONFIG_SOC_LEGACY_FS
	old_fs = get_fs();
	set_fs(KERNEL_DS);
	ret = vfs_write(soc_ctrl_filp, (const char __user *)kbuf, len, &soc_ctrl_pos);
#else
	ret = kernel_write(soc_ctrl_filp, kbuf, len, &soc_ctrl_pos);
#endif
	kfree(kbuf);
#ifdef CONFIG_SOC_LEGACY_FS
	set_fs(old_fs);
#endif
	return ret < 0 ? ret : len;
}

static const struct proc_ops soc_ctrl_proc_ops = {
	.proc_write	= soc_ctrl_proc_write,
};
