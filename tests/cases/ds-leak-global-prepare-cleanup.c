/* case: a pair through a global.  fw_prepare() saves the caller's limit in
 * fw_state.old_fs, raises and records that it did (fw_state.type = FW_FILE);
 * fw_cleanup() restores from fw_state.old_fs only when fw_state.type says
 * so.  A caller that calls fw_cleanup() after a successful prepare restores
 * the limit (the test in fw_cleanup() is the one prepare made true); a
 * caller that returns before it, or calls a cleanup that restores from
 * another slot, leaks. */
#include <linux/fs.h>
#include <linux/uaccess.h>

enum { FW_NONE, FW_FILE };

static struct {
	int type;
	mm_segment_t old_fs;
	struct file *fp;
} fw_state;

static mm_segment_t other_old_fs;

static int fw_prepare(const char *name)
{
	fw_state.old_fs = get_fs();
	set_fs(KERNEL_DS);
	fw_state.fp = filp_open(name, O_RDONLY, 0);
	if (IS_ERR(fw_state.fp)) {
		set_fs(fw_state.old_fs);
		return -ENOENT;
	}
	fw_state.type = FW_FILE;
	return 0;
}

static void fw_cleanup(void)
{
	if (fw_state.type == FW_FILE) {
		filp_close(fw_state.fp, NULL);
		fw_state.type = FW_NONE;
		set_fs(fw_state.old_fs);
	}
}

static void fw_cleanup_other(void)
{
	if (fw_state.type == FW_FILE) {
		fw_state.type = FW_NONE;
		set_fs(other_old_fs);
	}
}

static int fw_check(void);

static long fw_ioctl(struct file *fp, unsigned int cmd, unsigned long arg)
{
	int ret = fw_prepare("/lib/firmware/fw.bin");

	if (ret)
		return ret;
	ret = fw_check();
	fw_cleanup();
	return ret;
}

static long fw_compat_ioctl(struct file *fp, unsigned int cmd, unsigned long arg)
{
	int ret = fw_prepare("/lib/firmware/fw.bin");

	if (ret)
		return ret;
	ret = fw_check();
	if (ret < 0)
		return ret; /* expect: ds-leak */
	fw_cleanup();
	return 0;
}

static ssize_t fw_write(struct file *fp, const char __user *buf, size_t n, loff_t *off)
{
	int ret = fw_prepare("/lib/firmware/fw.bin");

	if (ret)
		return ret;
	fw_check();
	fw_cleanup_other();
	return n; /* expect: ds-leak */
}

static const struct file_operations fw_fops = {
	.unlocked_ioctl = fw_ioctl,
	.compat_ioctl = fw_compat_ioctl,
	.write = fw_write,
};
