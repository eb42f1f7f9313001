// SPDX-License-Identifier: GPL-2.0
/*
 * fwload - calibration loader for a (fictional) sensor hub
 *
 * At module load time the calibration blob is read from a file on the
 * root filesystem, its header is checked and the payload is kept in
 * memory for the rest of the driver.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/err.h>
#include <linux/crc32.h>
#include <linux/uaccess.h>

#define FWLOAD_MAGIC		0x4c414346	/* "FCAL" */
#define FWLOAD_MAX_SIZE		(64 * 1024)

static char *cal_path = "/lib/firmware/fwload/calibration.bin";
module_param(cal_path, charp, 0444);
MODULE_PARM_DESC(cal_path, "Path of the calibration file");

struct fwload_hdr {
	__le32 magic;
	__le32 len;
	__le32 crc;
} __packed;

struct fwload_cal {
	u8 *data;
	size_t size;
};

static struct fwload_cal fwload_cal;

static int fwload_check(const u8 *buf, size_t size)
{
	const struct fwload_hdr *hdr = (const struct fwload_hdr *)buf;
	u32 len;

	if (size < sizeof(*hdr))
		return -EINVAL;
	if (le32_to_cpu(hdr->magic) != FWLOAD_MAGIC)
		return -EINVAL;

	len = le32_to_cpu(hdr->len);
	if (len != size - sizeof(*hdr))
		return -EINVAL;
	if (crc32_le(~0, buf + sizeof(*hdr), len) != le32_to_cpu(hdr->crc))
		return -EBADMSG;

	return 0;
}

static int fwload_read_file(const char *path, struct fwload_cal *cal)
{
	struct file *filp;
	mm_segment_t old_fs;
	loff_t pos = 0;
	size_t size, done = 0;
	ssize_t ret;
	u8 *buf;
	int err = 0;

	filp = filp_open(path, O_RDONLY, 0);
	if (IS_ERR(filp)) {
		pr_err("cannot open %s: %ld\n", path, PTR_ERR(filp));
		return PTR_ERR(filp);
	}

	size = i_size_read(file_inode(filp));
	if (!size || size > FWLOAD_MAX_SIZE) {
		pr_err("%s: bad size %zu\n", path, size);
		err = -EINVAL;
		goto out_close;
	}

	buf = kmalloc(size, GFP_KERNEL);
	if (!buf) {
		err = -ENOMEM;
		goto out_close;
	}

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	while (done < size) {
		ret = vfs_read(filp, (char __user *)buf + done, size - done,
			       &pos);
		if (ret <= 0) {
			err = ret ? ret : -EIO;
			break;
		}
		done += ret;
	}
	set_fs(old_fs);

	if (err) {
		pr_err("%s: read failed after %zu bytes: %d\n", path, done, err);
		goto out_free;
	}

	err = fwload_check(buf, size);
	if (err) {
		pr_err("%s: invalid calibration data: %d\n", path, err);
		goto out_free;
	}

	cal->data = buf;
	cal->size = size;
	goto out_close;

out_free:
	kfree(buf);
out_close:
	filp_close(filp, NULL);
	return err;
}

static int __init fwload_init(void)
{
	int err;

	err = fwload_read_file(cal_path, &fwload_cal);
	if (err)
		return err;

	pr_info("loaded %zu bytes of calibration data\n", fwload_cal.size);
	return 0;
}

static void __exit fwload_exit(void)
{
	kfree(fwload_cal.data);
}

module_init(fwload_init);
module_exit(fwload_exit);

MODULE_DESCRIPTION("Sensor hub calibration loader");
MODULE_LICENSE("GPL");
