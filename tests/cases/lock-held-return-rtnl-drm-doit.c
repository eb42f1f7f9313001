/* case: an rtnetlink doit registered by rtnl_register() and a DRM ioctl named by DRM_IOCTL_DEF_DRV() both return an error with a lock held */
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

static int toy_newentry(struct sk_buff *skb, struct nlmsghdr *nlh, struct netlink_ext_ack *extack)
{
	struct nlattr *tb[8];
	int err;

	mutex_lock(&toy_tbl_lock);
	err = toy_parse(nlh, tb, extack);
	if (err < 0)
		return err; /* expect: lock-held-return */
	mutex_unlock(&toy_tbl_lock);
	return 0;
}

static int toy_gem_create_ioctl(struct drm_device *dev, void *data, struct drm_file *file)
{
	struct toy_gpu *gpu = dev->dev_private;

	mutex_lock(&gpu->bo_lock);
	if (gpu->nbos > 1024)
		return -ENOSPC; /* expect: lock-held-return */
	gpu->nbos++;
	mutex_unlock(&gpu->bo_lock);
	return 0;
}

static const struct drm_ioctl_desc toy_ioctls[] = {
	DRM_IOCTL_DEF_DRV(TOY_GEM_CREATE, toy_gem_create_ioctl, DRM_RENDER_ALLOW),
};

static int __init toy_init(void)
{
	rtnl_register(PF_UNSPEC, RTM_NEWTOY, toy_newentry, NULL, 0);
	return 0;
}
