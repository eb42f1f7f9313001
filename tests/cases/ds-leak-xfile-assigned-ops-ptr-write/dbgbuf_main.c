/* case: the write handler in another file is stored by assignment through a pointer, ops->write = dbgbuf_write, which makes it an entry point */
#include <linux/module.h>
#include <linux/debugfs.h>
#include <linux/fs.h>

ssize_t dbgbuf_write(struct file *file, const char __user *ubuf, size_t count, loff_t *ppos);

static struct file_operations dbgbuf_fops;
static struct dentry *dbgbuf_dir;

static void dbgbuf_setup_fops(struct file_operations *ops)
{
	ops->owner = THIS_MODULE;
	ops->open = simple_open;
	ops->write = dbgbuf_write;
	ops->llseek = no_llseek;
}

static int __init dbgbuf_init(void)
{
	dbgbuf_setup_fops(&dbgbuf_fops);
	dbgbuf_dir = debugfs_create_dir("dbgbuf", NULL);
	debugfs_create_file("sink", 0200, dbgbuf_dir, NULL, &dbgbuf_fops);
	return 0;
}
module_init(dbgbuf_init);
MODULE_LICENSE("GPL");
