/* case: lustre's obd_ops.o_iocontrol handlers get the user's ioctl argument as an unmarked `void *uarg` (obd_iocontrol() passes ll_dir_ioctl()'s arg); a helper that raises KERNEL_DS "to copy from kernel space" and copy_from_user()s it reads any kernel address (lov_getstripe(), fixed upstream in 2017); the helper without the raise is fine, and so is a `uarg` of a function that is no ioctl handler */
#include <linux/kernel.h>
#include <linux/uaccess.h>

struct obd_export;
struct obd_ops {
	int (*o_iocontrol)(unsigned int cmd, struct obd_export *exp, int len, void *karg,
			   void *uarg);
};
struct stripe_md {
	int magic;
	int count;
};

static int get_stripe(struct obd_export *exp, struct stripe_md *lump)
{
	struct stripe_md md;
	mm_segment_t seg = get_fs();
	int rc = 0;

	set_fs(KERNEL_DS);
	if (copy_from_user(&md, lump, sizeof(md))) /* expect: user-ptr-kernel-ds */
		rc = -EFAULT;
	set_fs(seg);
	return rc;
}

static int get_stripe_fixed(struct obd_export *exp, struct stripe_md *lump)
{
	struct stripe_md md;

	if (copy_from_user(&md, (struct stripe_md __user *)lump, sizeof(md)))
		return -EFAULT;
	return md.count;
}

static int my_iocontrol(unsigned int cmd, struct obd_export *exp, int len, void *karg,
			void *uarg)
{
	switch (cmd) {
	case 1:
		return get_stripe(exp, uarg);
	case 2:
		return get_stripe_fixed(exp, uarg);
	}
	return -ENOTTY;
}

static struct obd_ops my_obd_ops = {
	.o_iocontrol = my_iocontrol,
};

/* a kernel caller's buffer, whatever the parameter is called */
int stripe_of(struct obd_export *exp, void *uarg)
{
	struct stripe_md md = { 0 };

	return get_stripe(exp, uarg ? uarg : &md);
}
