/* case: old kernels' entry points: a linux_binfmt filled by position ({ next, module, load_binary, load_shlib, core_dump }, the 1.x-2.4 order; .load_shlib runs from uselib(2)), a module_init() function (init_module(2) returns to insmod) and a DVB frontend ioctl passed to dvb_register_frontend() */
#include <linux/binfmts.h>
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

static int load_my_library(struct file *file)
{
	char hdr[64];
	loff_t pos = 0;

	set_fs(KERNEL_DS); /* expect: ds-no-save */
	if (file->f_op->read(file, hdr, sizeof(hdr), &pos) != sizeof(hdr))
		return -ENOEXEC; /* expect: ds-leak */
	set_fs(USER_DS);
	return 0;
}

static int load_my_binary(struct linux_binprm *bprm, struct pt_regs *regs)
{
	return -ENOEXEC;
}

static struct linux_binfmt my_format = {
	NULL, NULL, load_my_binary, load_my_library, NULL
};

static struct file *fw_fp;

static int chip_ioctl(struct dvb_frontend *fe, unsigned int cmd, void *arg)
{
	mm_segment_t old_fs = get_fs();
	u8 fw[32];
	loff_t pos = 0;

	set_fs(KERNEL_DS);
	if (vfs_read(fw_fp, (char __user *)fw, sizeof(fw), &pos) != sizeof(fw))
		return -EIO; /* expect: ds-leak */
	set_fs(old_fs);
	return 0;
}

static int chip_attach(struct dvb_i2c_bus *i2c, void **data)
{
	return dvb_register_frontend(chip_ioctl, i2c, NULL, NULL);
}

static int __init init_chip(void)
{
	mm_segment_t old_fs = get_fs();
	u8 cfg[8];
	loff_t pos = 0;

	set_fs(KERNEL_DS);
	if (vfs_read(fw_fp, (char __user *)cfg, sizeof(cfg), &pos) != sizeof(cfg))
		return -EIO; /* expect: ds-leak */
	set_fs(old_fs);
	register_binfmt(&my_format);
	return dvb_register_i2c_device(THIS_MODULE, chip_attach, NULL);
}
module_init(init_chip);
