/* case: an __init boot-config reader panics on a bad header between the raise and the restore */
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

#define BOOTCFG_PATH	"/boot/board.cfg"
#define BOOTCFG_MAGIC	0x42434647

struct bootcfg_hdr {
	u32 magic;
	u32 board_id;
	u32 ddr_mb;
};

static struct bootcfg_hdr bootcfg __initdata;

static int __init bootcfg_init(void)
{
	struct file *fp;
	mm_segment_t old_fs;
	loff_t pos = 0;
	ssize_t n;

	fp = filp_open(BOOTCFG_PATH, O_RDONLY, 0);
	if (IS_ERR(fp)) {
		pr_info("bootcfg: %s not present, using defaults\n", BOOTCFG_PATH);
		return 0;
	}

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	n = vfs_read(fp, (char __user *)&bootcfg, sizeof(bootcfg), &pos);
	if (n == sizeof(bootcfg) && bootcfg.magic != BOOTCFG_MAGIC)
		panic("bootcfg: corrupt header in %s\n", BOOTCFG_PATH); /* expect: oops-in-window */
	set_fs(old_fs);

	filp_close(fp, NULL);
	return 0;
}
late_initcall(bootcfg_init);
