/* case: a static helper opens its own window around its __user parameter; one caller passes a kernel cast (fine), another passes a pointer it took from a request structure, which is no kernel object cast to __user: reported at the helper's copy, with the caller's call as the path */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

struct gps_req {
	void __user *payload;
	u32 len;
};

static u8 gps_buf[256];

static int gps_fill(const void __user *src, u32 len)
{
	mm_segment_t fs = get_fs();
	int ret = 0;

	set_fs(KERNEL_DS);
	if (copy_from_user(gps_buf, src, len)) /* expect: user-ptr-kernel-ds */
		ret = -EFAULT;
	set_fs(fs);
	return ret;
}

static int gps_fill_default(void)
{
	static const u8 def[16];

	return gps_fill((const void __user *)def, sizeof(def));
}

static int gps_fill_req(struct gps_req *req)
{
	if (req->len > sizeof(gps_buf))
		return -EINVAL;
	return gps_fill(req->payload, req->len);
}

int gps_submit(struct gps_req *req)
{
	if (!req)
		return gps_fill_default();
	return gps_fill_req(req);
}
