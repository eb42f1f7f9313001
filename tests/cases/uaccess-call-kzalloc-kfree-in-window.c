/* case: a compat ioctl reads a variable-length id list: it allocates with kzalloc and, on a bad id, frees with kfree while the user_read_access window is open; the fault label ends the window before its kfree, which is fine */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#define GRP_IOC_SET_MEMBERS	_IOW('G', 3, struct grp_members)
#define GRP_MAX_MEMBERS		64
#define GRP_MAX_ID		4096

struct grp_members {
	__u32 count;
	__u32 ids[];
};

int grp_apply_members(void *priv, u32 *ids, u32 count);

static long grp_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct grp_members __user *uarg = (void __user *)arg;
	u32 *ids = NULL;
	u32 n, i;
	long ret;

	if (cmd != GRP_IOC_SET_MEMBERS)
		return -ENOTTY;
	if (!user_read_access_begin(uarg, sizeof(*uarg) + GRP_MAX_MEMBERS * sizeof(u32)))
		return -EFAULT;

	unsafe_get_user(n, &uarg->count, efault);
	if (!n || n > GRP_MAX_MEMBERS) {
		user_read_access_end();
		return -EINVAL;
	}
	ids = kzalloc(n * sizeof(*ids), GFP_KERNEL); /* expect: uaccess-call */
	if (!ids) {
		user_read_access_end();
		return -ENOMEM;
	}
	for (i = 0; i < n; i++) {
		unsafe_get_user(ids[i], &uarg->ids[i], efault);
		if (ids[i] >= GRP_MAX_ID) {
			kfree(ids); /* expect: uaccess-call */
			user_read_access_end();
			return -EINVAL;
		}
	}
	user_read_access_end();

	ret = grp_apply_members(file->private_data, ids, n);
	kfree(ids);
	return ret;

efault:
	user_read_access_end();
	kfree(ids);
	return -EFAULT;
}

static const struct file_operations grp_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= grp_ioctl,
	.compat_ioctl	= grp_ioctl,
};
