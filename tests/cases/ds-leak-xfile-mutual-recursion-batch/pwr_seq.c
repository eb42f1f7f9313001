/* case: pwr_run_sequence() calls pwr_ioctl() from the other file for each step inside a window and returns before the restore when a step fails (this file: ds-unbalanced at that return) */
#include <linux/fs.h>
#include <linux/delay.h>
#include <linux/uaccess.h>

#define PWR_IOC_SEQUENCE	_IOW('p', 2, struct pwr_seq_hdr)
#define PWR_MAX_STEPS		16

struct pwr_rail {
	u32 id;
	u32 uv;
};

struct pwr_step {
	u32 cmd;
	u32 delay_us;
	struct pwr_rail rail;
};

struct pwr_seq_hdr {
	u32 nr_steps;
	u32 flags;
};

long pwr_ioctl(struct file *file, unsigned int cmd, unsigned long arg);

long pwr_run_sequence(struct file *file, void __user *useq)
{
	struct pwr_step __user *usteps = useq + sizeof(struct pwr_seq_hdr);
	struct pwr_seq_hdr hdr;
	struct pwr_step st;
	mm_segment_t old_fs;
	long ret;
	u32 i;

	if (copy_from_user(&hdr, useq, sizeof(hdr)))
		return -EFAULT;
	if (hdr.nr_steps > PWR_MAX_STEPS)
		return -E2BIG;

	for (i = 0; i < hdr.nr_steps; i++) {
		if (copy_from_user(&st, &usteps[i], sizeof(st)))
			return -EFAULT;
		if (st.cmd == PWR_IOC_SEQUENCE)
			return -EINVAL;
		old_fs = get_fs();
		set_fs(KERNEL_DS);
		ret = pwr_ioctl(file, st.cmd, (unsigned long)&st.rail);
		if (ret)
			return ret; /* expect: ds-unbalanced */
		set_fs(old_fs);
		if (st.delay_us)
			usleep_range(st.delay_us, st.delay_us + 100);
	}
	return 0;
}
