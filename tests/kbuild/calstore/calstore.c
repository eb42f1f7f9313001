// SPDX-License-Identifier: GPL-2.0
/*
 * A sample out-of-tree driver for the kbuild (CHECK=) test: it builds
 * against Debian's 6.1 headers through a compat shim for set_fs(), as
 * vendor drivers carried forward do.  What addrlimit must say is in
 * expected.txt: the arms the compiler drops for 6.1/x86_64 (the pre-5.10
 * code, !CONFIG_X86_64, an unset debug option) hold leaks that must not
 * be reported, because kbuild's -I/-include tell which arms are compiled.
 */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/version.h>

#if LINUX_VERSION_CODE >= KERNEL_VERSION(5, 10, 0)
typedef struct { unsigned long seg; } mm_segment_t;
#define KERNEL_DS ((mm_segment_t){ 0 })
#define USER_DS ((mm_segment_t){ 1 })
static inline mm_segment_t get_fs(void) { return USER_DS; }
static inline void set_fs(mm_segment_t fs) { }
#endif

static struct file *cal_file;

static int cal_load(char *buf, size_t n)
{
	mm_segment_t old_fs = get_fs();
	loff_t pos = 0;
	ssize_t ret;

	set_fs(KERNEL_DS);
#if LINUX_VERSION_CODE < KERNEL_VERSION(4, 14, 0)
	ret = vfs_read(cal_file, (char __user *)buf, n, &pos);
	if (ret < 0)
		return ret;	/* dropped for 6.1: not reported */
#else
	ret = kernel_read(cal_file, buf, n, &pos);
#endif
	set_fs(old_fs);
	return ret < 0 ? ret : 0;
}

static long cal_ioctl(struct file *f, unsigned int cmd, unsigned long arg)
{
	char buf[64];
	mm_segment_t old_fs;
	int ret;

	if (cmd == 1)
		return cal_load(buf, sizeof(buf));
#ifndef CONFIG_X86_64
	old_fs = get_fs();
	set_fs(KERNEL_DS);
	if (arg)
		return -EINVAL;	/* dropped on x86_64: not reported */
	set_fs(old_fs);
#endif
#ifdef CONFIG_CALSTORE_DEBUG
	old_fs = get_fs();
	set_fs(KERNEL_DS);
	if (arg > 1)
		return -EINVAL;	/* the option is not set: not reported */
	set_fs(old_fs);
#endif
	old_fs = get_fs();
	set_fs(KERNEL_DS);
	ret = cal_load(buf, sizeof(buf));
	if (ret)
		return ret;	/* compiled: the leak addrlimit must report */
	set_fs(old_fs);
	return 0;
}

static const struct file_operations cal_fops = {
	.owner = THIS_MODULE,
	.unlocked_ioctl = cal_ioctl,
};

static struct miscdevice cal_dev = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "calstore",
	.fops = &cal_fops,
};

static int __init cal_init(void)
{
	return misc_register(&cal_dev);
}

static void __exit cal_exit(void)
{
	misc_deregister(&cal_dev);
}

module_init(cal_init);
module_exit(cal_exit);
MODULE_LICENSE("GPL");
