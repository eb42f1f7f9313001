/* case: a proc write handler takes an rwlock for writing with bottom halves off and returns -EEXIST from inside the locked region (a netfilter-style table update) */
#include <linux/proc_fs.h>
#include <linux/spinlock.h>

static DEFINE_RWLOCK(tbl_lock);

static ssize_t tbl_write(struct file *file, const char __user *buf, size_t count, loff_t *ppos)
{
	struct tbl_entry *e;
	u32 key;

	if (kstrtou32_from_user(buf, count, 0, &key))
		return -EINVAL;
	write_lock_bh(&tbl_lock);
	e = tbl_find(key);
	if (e)
		return -EEXIST; /* expect: lock-held-return */
	tbl_insert(key);
	write_unlock_bh(&tbl_lock);
	return count;
}

static ssize_t tbl_read(struct file *file, char __user *buf, size_t count, loff_t *ppos)
{
	char tmp[32];
	int n;

	read_lock(&tbl_lock);
	n = scnprintf(tmp, sizeof(tmp), "%u\n", tbl_count());
	read_unlock(&tbl_lock);
	return simple_read_from_buffer(buf, count, ppos, tmp, n);
}

static const struct proc_ops tbl_ops = {
	.proc_write = tbl_write,
	.proc_read = tbl_read,
};
