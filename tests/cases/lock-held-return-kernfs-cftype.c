/* case: cgroup cftype and kernfs_ops handlers: a .write_u64 and a kernfs .write return an error with a lock held; the .seq_start of both takes a lock .seq_stop releases (the seq_file contract), which is not reported */
#include <linux/cgroup.h>
#include <linux/kernfs.h>
#include <linux/seq_file.h>
#include <linux/mutex.h>

static DEFINE_MUTEX(toy_cg_mutex);
static DEFINE_SPINLOCK(toy_kf_lock);
static u64 toy_limit;
static char toy_buf[64];

int toy_cg_apply(struct cgroup_subsys_state *css, u64 val);

static int toy_limit_write(struct cgroup_subsys_state *css, struct cftype *cft, u64 val)
{
	int err;

	mutex_lock(&toy_cg_mutex);
	err = toy_cg_apply(css, val);
	if (err)
		return err; /* expect: lock-held-return */
	toy_limit = val;
	mutex_unlock(&toy_cg_mutex);
	return 0;
}

static void *toy_cg_start(struct seq_file *sf, loff_t *pos)
{
	mutex_lock(&toy_cg_mutex);
	return *pos ? NULL : SEQ_START_TOKEN;
}

static void *toy_cg_next(struct seq_file *sf, void *v, loff_t *pos)
{
	++*pos;
	return NULL;
}

static void toy_cg_stop(struct seq_file *sf, void *v)
{
	mutex_unlock(&toy_cg_mutex);
}

static int toy_cg_show(struct seq_file *sf, void *v)
{
	seq_printf(sf, "%llu\n", toy_limit);
	return 0;
}

static struct cftype toy_files[] = {
	{
		.name = "toy.limit",
		.write_u64 = toy_limit_write,
		.seq_start = toy_cg_start,
		.seq_next = toy_cg_next,
		.seq_stop = toy_cg_stop,
		.seq_show = toy_cg_show,
	},
	{ }
};

static ssize_t toy_kf_write(struct kernfs_open_file *of, char *buf, size_t bytes, loff_t off)
{
	spin_lock(&toy_kf_lock);
	if (bytes >= sizeof(toy_buf))
		return -E2BIG; /* expect: lock-held-return */
	memcpy(toy_buf, buf, bytes);
	spin_unlock(&toy_kf_lock);
	return bytes;
}

static void *toy_kf_start(struct seq_file *sf, loff_t *pos)
{
	spin_lock(&toy_kf_lock);
	return *pos ? NULL : toy_buf;
}

static void toy_kf_stop(struct seq_file *sf, void *v)
{
	spin_unlock(&toy_kf_lock);
}

const struct kernfs_ops toy_kf_ops = {
	.write		= toy_kf_write,
	.seq_start	= toy_kf_start,
	.seq_stop	= toy_kf_stop,
};
