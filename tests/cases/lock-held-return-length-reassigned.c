/* case: a variable that held scnprintf()'s length and was then given a helper's result may be negative: the `< 0` return under the lock is a path, reported */
#include <linux/fs.h>
#include <linux/mutex.h>
#include <linux/uaccess.h>

struct tb_priv_demo2 {
	struct mutex hw_lock;
	int val;
};

extern int tb_fill_demo(struct tb_priv_demo2 *p, char *buf, int len);

static ssize_t tb_read_fill_demo(struct file *filp, char __user *ubuf, size_t max, loff_t *ppos)
{
	struct tb_priv_demo2 *p = filp->private_data;
	char buf[64];
	int len;

	mutex_lock(&p->hw_lock);
	len = scnprintf(buf, sizeof(buf), "val: %d\n", p->val);
	len = tb_fill_demo(p, buf, len);
	if (len < 0)
		return len; /* expect: lock-held-return */
	mutex_unlock(&p->hw_lock);
	return simple_read_from_buffer(ubuf, max, ppos, buf, len);
}

static const struct file_operations tb_fops_demo2 = {
	.read = tb_read_fill_demo,
};
