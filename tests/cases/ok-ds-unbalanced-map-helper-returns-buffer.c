/* case: a firmware map helper (MediaTek's kalFirmwareImageMapping() in gl_kal.c, Rockchip 3.0 and its mt5931 copy): its open helper saves the caller's limit in a global, raises, and undoes its own raise when the open fails; the map helper returns the buffer with the limit still raised, NULL with it restored, and every caller ends the window with the unmap helper, which restores from the global: the map helper hands the raised limit to its caller (a begin helper), and the caller restores on every path: silent */
#include <linux/fs.h>
#include <linux/err.h>
#include <linux/vmalloc.h>
#include <linux/uaccess.h>

static struct file *fw_filp;
static mm_segment_t fw_orgfs;

static int fw_open(void)
{
	fw_orgfs = get_fs();
	set_fs(get_ds());
	fw_filp = filp_open("/etc/firmware/fw.bin", O_RDONLY, 0);
	if (IS_ERR(fw_filp))
		goto error_open;
	return 0;
error_open:
	set_fs(fw_orgfs);
	return -1;
}

static void fw_close(void)
{
	if (fw_filp != NULL && !IS_ERR(fw_filp)) {
		filp_close(fw_filp, NULL);
		set_fs(fw_orgfs);
	}
}

static int fw_load(void *buf, unsigned int len)
{
	loff_t pos = 0;

	return vfs_read(fw_filp, (char __user *)buf, len, &pos) == len ? 0 : -1;
}

void *fw_map(unsigned int *len)
{
	void *buf;

	if (fw_open() != 0)
		return NULL;
	*len = 4096;
	buf = vmalloc(*len);
	if (fw_load(buf, *len) != 0) {
		vfree(buf);
		fw_close();
		return NULL;
	}
	return buf;
}

void fw_unmap(void *buf)
{
	if (buf)
		vfree(buf);
	fw_close();
}

int fw_download_demo(void *dst);

int fw_start_demo(void)
{
	unsigned int len;
	void *buf = fw_map(&len);
	int ret;

	if (buf == NULL)
		return -EIO;
	ret = fw_download_demo(buf);
	fw_unmap(buf);
	return ret;
}
