/* case: a core dumper raises the limit for its file writes and switches to USER_DS on purpose
 * while it checks user ranges, then restores the saved limit on every path: no ds-no-save */
#include <linux/fs.h>
#include <linux/binfmts.h>
#include <linux/uaccess.h>

static int dump_write(struct file *file, const void *addr, int nr)
{
	return file->f_op->write(file, addr, nr, &file->f_pos) == nr;
}

static int aout_dump(struct coredump_params *cprm, unsigned long start, unsigned long len)
{
	mm_segment_t fs;
	int has_dumped = 0;

	fs = get_fs();
	set_fs(KERNEL_DS);
	if (!dump_write(cprm->file, &len, sizeof(len)))
		goto end_coredump;
	set_fs(USER_DS);
	if (!access_ok(VERIFY_READ, (void __user *)start, len))
		goto end_coredump;
	if (!dump_write(cprm->file, (void *)start, len))
		goto end_coredump;
	has_dumped = 1;
end_coredump:
	set_fs(fs);
	return has_dumped;
}

static struct linux_binfmt aout_format = {
	.core_dump = aout_dump,
};
