/* case: vendor error-handling macros hide a goto and a return; a store that raises and then
 * uses them can jump past the restore */
#include <linux/fs.h>
#include <linux/device.h>
#include <linux/uaccess.h>

#define CAL_TRY(expr)		do { ret = (expr); if (ret < 0) goto out; } while (0)
#define CAL_TRY_RET(expr)	do { if ((expr) < 0) return -EIO; } while (0)
#define CAL_LOG(fmt, ...)	pr_info("cal: " fmt, ##__VA_ARGS__)

static int cal_read(struct file *fp, void *buf, size_t len, loff_t *pos)
{
	return vfs_read(fp, (char __user *)buf, len, pos);
}

static ssize_t cal_store(struct device *dev, struct device_attribute *attr,
			 const char *buf, size_t count)
{
	struct file *fp;
	mm_segment_t old_fs;
	u8 table[64];
	loff_t pos = 0;
	int ret;

	fp = filp_open("/efs/cal.bin", O_RDONLY, 0);
	if (IS_ERR(fp))
		return PTR_ERR(fp);
	old_fs = get_fs();
	set_fs(KERNEL_DS);
	CAL_TRY(cal_read(fp, table, sizeof(table), &pos));
	CAL_LOG("read %d bytes\n", ret);
	set_fs(old_fs);
out:
	filp_close(fp, NULL);
	return ret < 0 ? ret : count; /* expect: ds-leak */
}

static ssize_t cal2_store(struct device *dev, struct device_attribute *attr,
			  const char *buf, size_t count)
{
	struct file *fp;
	mm_segment_t old_fs;
	u8 table[64];
	loff_t pos = 0;

	fp = filp_open("/efs/cal2.bin", O_RDONLY, 0);
	if (IS_ERR(fp))
		return PTR_ERR(fp);
	old_fs = get_fs();
	set_fs(KERNEL_DS);
	CAL_TRY_RET(cal_read(fp, table, sizeof(table), &pos)); /* expect: ds-leak */
	set_fs(old_fs);
	filp_close(fp, NULL);
	return count;
}

static ssize_t cal3_store(struct device *dev, struct device_attribute *attr,
			  const char *buf, size_t count)
{
	struct file *fp;
	mm_segment_t old_fs;
	u8 table[64];
	loff_t pos = 0;
	int ret;

	fp = filp_open("/efs/cal3.bin", O_RDONLY, 0);
	if (IS_ERR(fp))
		return PTR_ERR(fp);
	old_fs = get_fs();
	set_fs(KERNEL_DS);
	ret = cal_read(fp, table, sizeof(table), &pos);
	set_fs(old_fs);
	CAL_TRY(ret);
	CAL_LOG("read %d bytes\n", ret);
out:
	filp_close(fp, NULL);
	return ret < 0 ? ret : count;
}

static DEVICE_ATTR(cal, 0200, NULL, cal_store);
static DEVICE_ATTR(cal2, 0200, NULL, cal2_store);
static DEVICE_ATTR(cal3, 0200, NULL, cal3_store);
