/* case: three helpers in one driver; only the middle one has an unrestored error return */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

struct fg_state {
	struct file *fp;
	u32 capacity;
	u32 cycles;
};

static int fg_state_read(struct fg_state *st)
{
	mm_segment_t old_fs = get_fs();
	loff_t pos = 0;
	ssize_t n;

	set_fs(KERNEL_DS);
	n = vfs_read(st->fp, (char __user *)&st->capacity, sizeof(st->capacity), &pos);
	set_fs(old_fs);
	return n == sizeof(st->capacity) ? 0 : -EIO;
}

static int fg_state_write(struct fg_state *st)
{
	mm_segment_t old_fs = get_fs();
	loff_t pos = 0;
	ssize_t n;

	set_fs(KERNEL_DS);
	n = vfs_write(st->fp, (const char __user *)&st->capacity, sizeof(st->capacity), &pos);
	if (n != sizeof(st->capacity))
		return -EIO; /* expect: ds-unbalanced */
	n = vfs_write(st->fp, (const char __user *)&st->cycles, sizeof(st->cycles), &pos);
	set_fs(old_fs);
	return n == sizeof(st->cycles) ? 0 : -EIO;
}

static int fg_state_open(struct fg_state *st, const char *path)
{
	st->fp = filp_open(path, O_RDWR | O_CREAT, 0600);
	if (IS_ERR(st->fp)) {
		int ret = PTR_ERR(st->fp);

		st->fp = NULL;
		return ret;
	}
	return 0;
}
