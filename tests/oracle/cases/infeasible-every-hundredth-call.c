/* case: only every 100th call takes the leaking path; each run of the driver is a fresh process that makes one call */
/* oracle: entry stats_ioctl */
/* oracle: values STATS_IOC_SNAPSHOT */
/* oracle: infeasible the leaking branch needs a static counter to reach 100, and every simulated process makes exactly one call */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

#define STATS_PATH		"/data/vendor/stats.bin"
#define STATS_IOC_SNAPSHOT	_IO('S', 1)

static u64 stats_counters[4];
static unsigned int stats_calls;

static long stats_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct file *fp;
	mm_segment_t old_fs;
	loff_t pos = 0;
	ssize_t n;

	if (cmd != STATS_IOC_SNAPSHOT)
		return -ENOTTY;
	fp = filp_open(STATS_PATH, O_WRONLY | O_CREAT, 0600);
	if (IS_ERR(fp))
		return PTR_ERR(fp);
	old_fs = get_fs();
	set_fs(KERNEL_DS);
	n = vfs_write(fp, (const char __user *)stats_counters, sizeof(stats_counters), &pos);
	filp_close(fp, NULL);
	if (++stats_calls % 100 == 0) {
		memset(stats_counters, 0, sizeof(stats_counters));
		return 0; /* expect: ds-leak */
	}
	set_fs(old_fs);
	return n < 0 ? n : 0;
}

static const struct file_operations stats_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= stats_ioctl,
};
