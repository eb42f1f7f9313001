/* case: oemcfg_raise_ds() in another file returns the old limit, oemcfg_lower_ds(old) puts it back; this syscall's short-read path jumps past the lower */
#include <linux/kernel.h>
#include <linux/syscalls.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#define OEMCFG_PATH		"/persist/oemcfg.bin"
#define OEMCFG_MAX_ITEMS	128
#define OEMCFG_ITEM_SIZE	120
#define OEMCFG_MAGIC		0x4f454d43

struct oemcfg_item {
	u32 magic;
	u32 len;
	u8 data[OEMCFG_ITEM_SIZE];
};

mm_segment_t oemcfg_raise_ds(void);
void oemcfg_lower_ds(mm_segment_t old);

SYSCALL_DEFINE3(oemcfg_read, unsigned int, id, char __user *, buf, size_t, len)
{
	struct oemcfg_item *item;
	mm_segment_t old;
	struct file *fp;
	loff_t pos;
	ssize_t n;
	long ret;

	if (id >= OEMCFG_MAX_ITEMS || len > OEMCFG_ITEM_SIZE)
		return -EINVAL;

	item = kzalloc(sizeof(*item), GFP_KERNEL);
	if (!item)
		return -ENOMEM;

	fp = filp_open(OEMCFG_PATH, O_RDONLY, 0);
	if (IS_ERR(fp)) {
		ret = PTR_ERR(fp);
		goto out_free;
	}

	pos = (loff_t)id * sizeof(*item);
	old = oemcfg_raise_ds();
	n = vfs_read(fp, (char __user *)item, sizeof(*item), &pos);
	if (n != sizeof(*item)) {
		ret = -EIO;
		goto out_close;
	}
	oemcfg_lower_ds(old);

	if (item->magic != OEMCFG_MAGIC) {
		ret = -ENODATA;
		goto out_close;
	}
	ret = copy_to_user(buf, item->data, min_t(size_t, len, item->len)) ? -EFAULT : len;

out_close:
	filp_close(fp, NULL);
out_free:
	kfree(item);
	return ret; /* expect: ds-leak */
}
