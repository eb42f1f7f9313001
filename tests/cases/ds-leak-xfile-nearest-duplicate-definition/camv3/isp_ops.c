/* case: the newer ISP driver defines its own isp_hw_init (the two drivers are alternatives, never linked together); this one restores the limit on every path */
#include <linux/fs.h>
#include <linux/uaccess.h>

static u8 isp_v3_tuning[512];

int isp_hw_init(void)
{
	mm_segment_t fs = get_fs();
	struct file *fp;
	loff_t pos = 0;

	set_fs(KERNEL_DS);
	fp = filp_open("/data/isp_v3.bin", O_RDONLY, 0);
	if (IS_ERR(fp)) {
		set_fs(fs);
		return PTR_ERR(fp);
	}
	vfs_read(fp, (char __user *)isp_v3_tuning, sizeof(isp_v3_tuning), &pos);
	filp_close(fp, NULL);
	set_fs(fs);
	return 0;
}
