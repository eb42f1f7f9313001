/* case: files opened with filp_open()/file_open_name() and used with no test at all inside a set_fs(KERNEL_DS) window: the size read through f_path, kernel_read(), a file kept in a driver's struct, one opened before the window and used inside it */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>
#include <linux/slab.h>

struct fw_loader {
	struct file *filp;
	u8 *buf;
	loff_t size;
};

static int fw_load_size(const char *path, u8 **out)
{
	struct file *fp;
	mm_segment_t fs = get_fs();
	loff_t size;

	set_fs(get_ds());
	fp = filp_open(path, O_RDONLY, 0);
	size = fp->f_path.dentry->d_inode->i_size; /* expect: oops-in-window */
	*out = kmalloc(size, GFP_KERNEL);
	kernel_read(fp, 0, *out, size);
	filp_close(fp, NULL);
	set_fs(fs);
	return size;
}

static int fw_load_struct(struct fw_loader *ld, struct filename *name)
{
	mm_segment_t fs;
	int ret;

	ld->filp = file_open_name(name, O_RDONLY, 0);
	fs = get_fs();
	set_fs(KERNEL_DS);
	ret = vfs_read(ld->filp, (char __user *)ld->buf, ld->size, &ld->filp->f_pos); /* expect: oops-in-window */
	set_fs(fs);
	return ret;
}

static int fw_load_close_only(const char *path)
{
	mm_segment_t old = get_fs();
	struct file *f;

	set_fs(KERNEL_DS);
	f = filp_open(path, O_RDONLY, 0);
	filp_close(f, NULL); /* expect: oops-in-window */
	set_fs(old);
	return 0;
}

int fw_load(struct fw_loader *ld, const char *path, struct filename *name)
{
	return fw_load_size(path, &ld->buf) + fw_load_struct(ld, name) + fw_load_close_only(path);
}
