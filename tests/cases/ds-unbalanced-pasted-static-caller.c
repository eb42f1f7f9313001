/* case: the same helper as ds-unbalanced-kthread-dead-static-caller, its other caller a
 * store handler whose name the driver's own macro pastes together (fw_store from
 * GUP_ATTR(fw)): never named whole, but registered, so not dead, and the helper stays
 * ds-unbalanced */
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
		return -1; /* expect: ds-unbalanced */
	set_fs(update_msg.old_fs);
	return 0;
}

struct gup_attr {
	const char *name;
	ssize_t (*store)(const char *buf, size_t count);
};

static ssize_t fw_store(const char *buf, size_t count)
{
	if (gup_update_proc("/data/goodix.bin") < 0)
		return -EIO; /* expect: ds-unbalanced (the warning's note: this caller leaves it too) */
	return count;
}

#define GUP_ATTR(_name) struct gup_attr gup_attr_##_name = { #_name, _name##_store }
static GUP_ATTR(fw);
struct gup_attr *gup_attrs[] = { &gup_attr_fw };

int init_wr_node(void)
{
	kthread_run(gup_update_proc, NULL, "guitar_update");
	return 0;
}
