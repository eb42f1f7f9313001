/* case: the older ISP driver's isp_hw_init loads a tuning file and returns on a failed open with KERNEL_DS; its own v4l2 open in this folder is a ds-leak (must fire) */
#include <linux/module.h>
#include <linux/fs.h>
#include <media/v4l2-dev.h>
#include <linux/uaccess.h>

static u8 isp_v2_tuning[512];

int isp_hw_init(void)
{
	mm_segment_t fs = get_fs();
	struct file *fp;
	loff_t pos = 0;

	set_fs(KERNEL_DS);
	fp = filp_open("/data/isp_v2.bin", O_RDONLY, 0);
	if (IS_ERR(fp))
		return -1; /* expect: ds-unbalanced */
	vfs_read(fp, (char __user *)isp_v2_tuning, sizeof(isp_v2_tuning), &pos);
	filp_close(fp, NULL);
	set_fs(fs);
	return 0;
}

static int isp_v2_open(struct file *filp)
{
	int rc = isp_hw_init();

	if (rc)
		return rc; /* expect: ds-leak */
	return 0;
}

static const struct v4l2_file_operations isp_v2_fops = {
	.owner	= THIS_MODULE,
	.open	= isp_v2_open,
};

const struct v4l2_file_operations *isp_v2_get_fops(void)
{
	return &isp_v2_fops;
}
