/* case: a checksum ioctl reads a long user array inside one user_read_access window and calls might_fault() and cond_resched() inside it; both are out-of-line calls that may sleep with user access enabled */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/sched.h>
#include <linux/uaccess.h>

#define CSUM_IOC_RUN	_IOWR('C', 1, struct csum_req)
#define CSUM_MAX_WORDS	(1 << 20)

struct csum_req {
	__u64 buf;
	__u32 nwords;
	__u32 result;
};

static long csum_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct csum_req __user *ureq = (void __user *)arg;
	struct csum_req req;
	const u64 __user *p;
	u64 v, sum = 0;
	u32 i;

	if (cmd != CSUM_IOC_RUN)
		return -ENOTTY;
	if (copy_from_user(&req, ureq, sizeof(req)))
		return -EFAULT;
	if (req.nwords > CSUM_MAX_WORDS)
		return -E2BIG;

	p = u64_to_user_ptr(req.buf);
	if (!user_read_access_begin(p, req.nwords * sizeof(u64)))
		return -EFAULT;
	might_fault(); /* expect: uaccess-call */
	for (i = 0; i < req.nwords; i++) {
		unsafe_get_user(v, &p[i], efault);
		sum = (sum ^ v) * 0x100000001b3ULL;
		if (!(i & 0xfff))
			cond_resched(); /* expect: uaccess-call */
	}
	user_read_access_end();

	return put_user((u32)(sum ^ (sum >> 32)), &ureq->result);

efault:
	user_read_access_end();
	return -EFAULT;
}

static const struct file_operations csum_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= csum_ioctl,
};
