/* case: in a linux_binfmt filled by position the fifth member is core_dump, which runs when a process dies (no return to user mode); a leak there stays ds-unbalanced, and a function named by a late_initcall() (built-in boot, not init_module) is no entry point either */
#include <linux/binfmts.h>
#include <linux/init.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

static int my_core_dump(long signr, struct pt_regs *regs, struct file *file)
{
	mm_segment_t old_fs = get_fs();
	char note[16] = "CORE";

	set_fs(KERNEL_DS);
	if (file->f_op->write(file, note, sizeof(note), &file->f_pos) != sizeof(note))
		return 0; /* expect: ds-unbalanced */
	set_fs(old_fs);
	return 1;
}

static int load_my_binary(struct linux_binprm *bprm, struct pt_regs *regs)
{
	return -ENOEXEC;
}

static struct linux_binfmt my_format = {
	NULL, NULL, load_my_binary, NULL, my_core_dump
};

static struct file *cfg_fp;

static int __init my_late_setup(void)
{
	mm_segment_t old_fs = get_fs();
	u8 cfg[8];
	loff_t pos = 0;

	set_fs(KERNEL_DS);
	if (vfs_read(cfg_fp, (char __user *)cfg, sizeof(cfg), &pos) != sizeof(cfg))
		return -EIO; /* expect: ds-unbalanced */
	set_fs(old_fs);
	return register_binfmt(&my_format);
}
late_initcall(my_late_setup);
