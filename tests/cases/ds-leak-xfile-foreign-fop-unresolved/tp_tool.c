/* case: the tool interface's write handler loads a firmware file under KERNEL_DS and returns on a failed open without restoring the limit: a ds-leak of its own, which the dump helper in the other file must not inherit through its f_op->write call */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/proc_fs.h>
#include <linux/uaccess.h>

static u8 tp_fw[256];

static ssize_t tp_tool_write(struct file *file, const char __user *ubuf, size_t len, loff_t *ppos)
{
	mm_segment_t old_fs;
	struct file *fw;
	loff_t pos = 0;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	fw = filp_open("/sdcard/tp_fw.bin", O_RDONLY, 0);
	if (IS_ERR(fw))
		return PTR_ERR(fw); /* expect: ds-leak */
	vfs_read(fw, (char __user *)tp_fw, sizeof(tp_fw), &pos);
	filp_close(fw, NULL);
	set_fs(old_fs);
	return len;
}

static const struct file_operations tp_tool_fops = {
	.owner	= THIS_MODULE,
	.write	= tp_tool_write,
};

static int __init tp_tool_init(void)
{
	return proc_create("tp_tool", 0200, NULL, &tp_tool_fops) ? 0 : -ENOMEM;
}
module_init(tp_tool_init);
MODULE_LICENSE("GPL");
