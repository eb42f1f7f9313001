/* case: an exported ioctl handler whose error path returns before the restore; it becomes an entry point only through the file_operations initializer in another file, so the finding is ds-leak, not ds-unbalanced (this file: the handler) */
#include <linux/fs.h>
#include <linux/uaccess.h>

#define HAPTIC_IOC_LOAD_WAVE	_IOW('H', 1, u32)
#define HAPTIC_IOC_STOP		_IO('H', 2)
#define HAPTIC_WAVE_DIR		"/vendor/firmware/haptic/"

struct haptic_dev {
	u8 wave[2048];
	size_t wave_len;
};

int haptic_play(struct haptic_dev *hd, const u8 *wave, size_t len);
int haptic_stop(struct haptic_dev *hd);

long haptic_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct haptic_dev *hd = file->private_data;
	char path[64];
	mm_segment_t old_fs;
	struct file *fp;
	loff_t pos = 0;
	ssize_t n;
	u32 id;

	switch (cmd) {
	case HAPTIC_IOC_LOAD_WAVE:
		if (get_user(id, (u32 __user *)arg))
			return -EFAULT;
		snprintf(path, sizeof(path), HAPTIC_WAVE_DIR "wave%u.bin", id);
		fp = filp_open(path, O_RDONLY, 0);
		if (IS_ERR(fp))
			return PTR_ERR(fp);
		old_fs = get_fs();
		set_fs(KERNEL_DS);
		n = vfs_read(fp, (char __user *)hd->wave, sizeof(hd->wave), &pos);
		filp_close(fp, NULL);
		if (n <= 0)
			return n ? n : -ENODATA; /* expect: ds-leak */
		set_fs(old_fs);
		hd->wave_len = n;
		return haptic_play(hd, hd->wave, hd->wave_len);
	case HAPTIC_IOC_STOP:
		return haptic_stop(hd);
	}
	return -ENOTTY;
}
