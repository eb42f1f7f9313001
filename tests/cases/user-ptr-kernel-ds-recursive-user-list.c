/* case: a recursive helper walks a linked list that lives in user memory (each node's next pointer read with get_user); the ioctl calls it inside a window with the pointer from arg: reported at that call; the recursion must still terminate */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

#define REGSEQ_IOC_APPLY	_IOW('q', 0x01, struct regseq_node)
#define REGSEQ_MAX_NODES	64

struct regseq_node {
	u32 reg;
	u32 val;
	struct regseq_node __user *next;
};

struct regseq_dev {
	struct file *trace;
	loff_t trace_pos;
};

int regseq_write_reg(struct regseq_dev *rs, u32 reg, u32 val);

static int regseq_apply_list(struct regseq_dev *rs, struct regseq_node __user *un, int depth)
{
	struct regseq_node __user *next;
	u32 reg, val;
	int ret;

	if (!un)
		return 0;
	if (depth >= REGSEQ_MAX_NODES)
		return -E2BIG;
	if (get_user(reg, &un->reg) || get_user(val, &un->val) || get_user(next, &un->next))
		return -EFAULT;
	ret = regseq_write_reg(rs, reg, val);
	if (ret)
		return ret;
	return regseq_apply_list(rs, next, depth + 1);
}

static long regseq_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct regseq_dev *rs = file->private_data;
	static const char mark[] = "regseq: apply\n";
	mm_segment_t old_fs;
	int ret;

	if (cmd != REGSEQ_IOC_APPLY)
		return -ENOTTY;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	vfs_write(rs->trace, (const char __user *)mark, sizeof(mark) - 1, &rs->trace_pos);
	ret = regseq_apply_list(rs, (struct regseq_node __user *)arg, 0); /* expect: user-ptr-kernel-ds */
	set_fs(old_fs);
	return ret;
}

static const struct file_operations regseq_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= regseq_ioctl,
};
