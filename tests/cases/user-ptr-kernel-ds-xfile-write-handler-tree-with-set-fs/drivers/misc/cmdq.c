/* case: the same ->write handler in a 4.4 tree: kernel_write(), splice and sendfile call it under KERNEL_DS with a buffer user space wrote, so the answer pointer reaches any kernel address: reported at the copy_to_user */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

struct cmdq_hdr {
	u32 op;
	u32 len;
	u64 reply;		/* where the answer goes, a user address */
};

struct cmdq_reply {
	u32 status;
	u32 seq;
};

static u32 cmdq_seq;

static ssize_t cmdq_write(struct file *file, const char __user *buf, size_t count, loff_t *ppos)
{
	struct cmdq_hdr hdr;
	struct cmdq_reply rep;

	if (count < sizeof(hdr))
		return -EINVAL;
	if (copy_from_user(&hdr, buf, sizeof(hdr)))
		return -EFAULT;
	rep.status = hdr.op ? 0 : 1;
	rep.seq = ++cmdq_seq;
	if (copy_to_user((void __user *)(unsigned long)hdr.reply, &rep, sizeof(rep))) /* expect: user-ptr-kernel-ds */
		return -EFAULT;
	return count;
}

static const struct file_operations cmdq_fops = {
	.owner	= THIS_MODULE,
	.write	= cmdq_write,
};
