/* case: the newer driver's v4l2 open calls isp_hw_init, which means its own folder's definition (balanced), not the older driver's of the same name that leaks: silent */
#include <linux/module.h>
#include <linux/fs.h>
#include <media/v4l2-dev.h>

int isp_hw_init(void);

static int camera_open(struct file *filp)
{
	int rc = isp_hw_init();

	if (rc)
		return rc;
	return 0;
}

static const struct v4l2_file_operations camera_fops = {
	.owner	= THIS_MODULE,
	.open	= camera_open,
};

const struct v4l2_file_operations *camera_get_fops(void)
{
	return &camera_fops;
}
