/* case: one case of a helper's switch forgets the restore before break, the other cases restore */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

enum pmic_dump_kind {
	PMIC_DUMP_REGS,
	PMIC_DUMP_OTP,
	PMIC_DUMP_EVENTS,
};

struct pmic {
	struct file *dump;
	u8 regs[256];
	u8 otp[64];
	u32 events[32];
	loff_t pos;
};

static ssize_t pmic_dump(struct pmic *pm, enum pmic_dump_kind kind)
{
	mm_segment_t old_fs = get_fs();
	ssize_t ret;

	switch (kind) {
	case PMIC_DUMP_REGS:
		set_fs(KERNEL_DS);
		ret = vfs_write(pm->dump, (const char __user *)pm->regs, sizeof(pm->regs), &pm->pos);
		set_fs(old_fs);
		break;
	case PMIC_DUMP_OTP:
		set_fs(KERNEL_DS);
		ret = vfs_write(pm->dump, (const char __user *)pm->otp, sizeof(pm->otp), &pm->pos);
		break;
	case PMIC_DUMP_EVENTS:
		set_fs(KERNEL_DS);
		ret = vfs_write(pm->dump, (const char __user *)pm->events, sizeof(pm->events), &pm->pos);
		set_fs(old_fs);
		break;
	default:
		return -EINVAL;
	}
	return ret; /* expect: ds-unbalanced */
}
