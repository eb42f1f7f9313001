/* case: a length from scnprintf() (or strlen(), sprintf()) tested for `< 0` under a lock and returned without the unlock (i915_read_turbo_api() in an Asus 3.10 tree): the length is never negative, so that return is no path: silent.  A test of the same variable after it is assigned something else stays a path (see lock-held-return-length-reassigned.c) */
#include <linux/fs.h>
#include <linux/mutex.h>
#include <linux/uaccess.h>

struct tb_priv_demo {
	struct mutex hw_lock;
	int val;
};

static ssize_t tb_read_demo(struct file *filp, char __user *ubuf, size_t max, loff_t *ppos)
{
	struct tb_priv_demo *p = filp->private_data;
	char buf[64];
	int len, ret;

	ret = mutex_lock_interruptible(&p->hw_lock);
	if (ret)
		return ret;
	len = scnprintf(buf, sizeof(buf), "val: %d\n", p->val);
	if (len < 0)
		return len;
	mutex_unlock(&p->hw_lock);
	return simple_read_from_buffer(ubuf, max, ppos, buf, len);
}

static const struct file_operations tb_fops_demo = {
	.read = tb_read_demo,
};
