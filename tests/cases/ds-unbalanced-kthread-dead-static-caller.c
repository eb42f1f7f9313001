/* case: a firmware-update helper leaves KERNEL_DS raised on one path; it runs from a kernel
 * thread, and its only other caller is a proc write handler whose registration is commented
 * out (gt9xx's goodix_tool_write()): a static function nothing calls, stores or names runs
 * never, so only the thread reaches the helper (a thread never returns to user mode) */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/kthread.h>
#include <linux/uaccess.h>

struct upd_msg {
	struct file *file;
	mm_segment_t old_fs;
};
static struct upd_msg update_msg;
int gup_check_ic(void);

static int gup_check_update_file(const char *path)
{
	char buf[16];
	int ret;

	update_msg.file = filp_open(path, O_RDONLY, 0);
	if (IS_ERR(update_msg.file))
		return -1;
	update_msg.old_fs = get_fs();
	set_fs(KERNEL_DS);
	ret = update_msg.file->f_op->read(update_msg.file, buf, sizeof(buf), &update_msg.file->f_pos);
	if (ret < 0)
		goto load_failed;
	return 0;
load_failed:
	set_fs(update_msg.old_fs);
	filp_close(update_msg.file, NULL);
	return -1;
}

static int gup_update_proc(void *dir)
{
	if (gup_check_update_file(dir ? dir : "/sdcard/_goodix_update_.bin") < 0)
		return -1;
	if (gup_check_ic() < 0)
		return -1; /* expect: ds-unbalanced-kthread */
	set_fs(update_msg.old_fs);
	return 0;
}

static int goodix_tool_write(struct file *filp, const char __user *buff,
			     unsigned long len, void *data);

static int goodix_tool_write(struct file *filp, const char __user *buff,
			     unsigned long len, void *data)
{
	if (gup_update_proc("/data/goodix.bin") < 0)
		return -EIO; /* expect: ds-unbalanced (the warning's note: this caller leaves it too) */
	return len;
}

int init_wr_node(void)
{
	kthread_run(gup_update_proc, NULL, "guitar_update");
	/* proc_entry->write_proc = goodix_tool_write; */
	return 0;
}
