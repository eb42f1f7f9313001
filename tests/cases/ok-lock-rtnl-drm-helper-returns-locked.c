/* case: twin of lock-held-return-rtnl-drm-doit.c: the rtnetlink doit and the DRM ioctl unlock on every path; the helper they call returns with the lock held by contract (its callers unlock) and is registered nowhere, so nothing is reported */
#include <net/rtnetlink.h>
#include <drm/drm_ioctl.h>
#include <drm/drm_device.h>
#include <linux/mutex.h>

struct toy_gpu {
	struct mutex bo_lock;
	int nbos;
};

static DEFINE_MUTEX(toy_tbl_lock);

int toy_parse(struct nlmsghdr *nlh, struct nlattr **tb, struct netlink_ext_ack *extack);

static struct toy_gpu *toy_gpu_lock(struct drm_device *dev)
{
	struct toy_gpu *gpu = dev->dev_private;

	mutex_lock(&gpu->bo_lock);
	return gpu;
}

static int toy_newentry(struct sk_buff *skb, struct nlmsghdr *nlh, struct netlink_ext_ack *extack)
{
	struct nlattr *tb[8];
	int err;

	mutex_lock(&toy_tbl_lock);
	err = toy_parse(nlh, tb, extack);
	mutex_unlock(&toy_tbl_lock);
	return err < 0 ? err : 0;
}

static int toy_gem_create_ioctl(struct drm_device *dev, void *data, struct drm_file *file)
{
	struct toy_gpu *gpu = toy_gpu_lock(dev);
	int ret = 0;

	if (gpu->nbos > 1024)
		ret = -ENOSPC;
	else
		gpu->nbos++;
	mutex_unlock(&gpu->bo_lock);
	return ret;
}

static const struct drm_ioctl_desc toy_ioctls[] = {
	DRM_IOCTL_DEF_DRV(TOY_GEM_CREATE, toy_gem_create_ioctl, DRM_RENDER_ALLOW),
};

static int __init toy_init(void)
{
	rtnl_register(PF_UNSPEC, RTM_NEWTOY, toy_newentry, NULL, 0);
	return 0;
}
