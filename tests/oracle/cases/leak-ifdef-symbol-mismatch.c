/* case: the raise and the restore sit under #ifdef blocks that spell the option differently */
/* oracle: entry vib_open */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

#define VIB_TUNING_PATH	"/vendor/etc/vib_tuning.bin"

struct vib_dev {
	int users;
	u8 tuning[16];
};

static struct vib_dev vib;

static int vib_load_tuning(struct vib_dev *v)
{
	struct file *fp;
	loff_t pos = 0;
	ssize_t n;

	fp = filp_open(VIB_TUNING_PATH, O_RDONLY, 0);
	if (IS_ERR(fp))
		return PTR_ERR(fp);
	n = vfs_read(fp, (char __user *)v->tuning, sizeof(v->tuning), &pos);
	filp_close(fp, NULL);
	return n < 0 ? (int)n : 0;
}

static int vib_open(struct inode *inode, struct file *file)
{
#ifdef CONFIG_VIB_FILE_TUNING
	mm_segment_t old_fs;
#endif
	int ret;

	if (vib.users++)
		goto done;
#ifdef CONFIG_VIB_FILE_TUNING
	old_fs = get_fs();
	set_fs(KERNEL_DS);
#endif
	ret = vib_load_tuning(&vib);
#ifdef CONFIG_VIB_FILETUNING
	set_fs(old_fs);
#endif
	if (ret) {
		vib.users--;
		return ret; /* expect: ds-leak */
	}
done:
	file->private_data = &vib;
	return 0; /* expect: ds-leak */
}

static const struct file_operations vib_fops = {
	.owner	= THIS_MODULE,
	.open	= vib_open,
};
