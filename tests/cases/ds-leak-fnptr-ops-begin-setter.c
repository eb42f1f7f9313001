/* case: the ioctl calls s->dops->begin(s), whose only target (named in a designated initializer) saves and raises, and returns on a short write before s->dops->end(s) */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

#define ISP_IOC_DUMP_STATS	_IO('i', 0x40)
#define ISP_IOC_RESET_STATS	_IO('i', 0x41)
#define ISP_DUMP_PATH		"/data/vendor/camera/isp_stats.bin"

struct isp_stream;

struct isp_dump_ops {
	void (*begin)(struct isp_stream *s);
	void (*end)(struct isp_stream *s);
};

struct isp_stats {
	u32 awb_gain[4];
	u32 ae_luma;
	u32 af_fv[16];
};

struct isp_stream {
	const struct isp_dump_ops *dops;
	struct file *dump;
	loff_t dump_pos;
	mm_segment_t old_fs;
	struct isp_stats stats;
};

static void isp_file_dump_begin(struct isp_stream *s)
{
	s->old_fs = get_fs();
	set_fs(KERNEL_DS);
}

static void isp_file_dump_end(struct isp_stream *s)
{
	set_fs(s->old_fs);
}

static const struct isp_dump_ops isp_file_dump_ops = {
	.begin	= isp_file_dump_begin,
	.end	= isp_file_dump_end,
};

static long isp_stats_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct isp_stream *s = file->private_data;
	ssize_t n;

	switch (cmd) {
	case ISP_IOC_DUMP_STATS:
		if (!s->dump)
			return -ENODEV;
		s->dops->begin(s);
		n = vfs_write(s->dump, (const char __user *)&s->stats, sizeof(s->stats), &s->dump_pos);
		if (n != sizeof(s->stats))
			return -EIO; /* expect: ds-leak */
		s->dops->end(s);
		return 0;
	case ISP_IOC_RESET_STATS:
		memset(&s->stats, 0, sizeof(s->stats));
		return 0;
	}
	return -ENOTTY;
}

static int isp_stats_open(struct inode *inode, struct file *file)
{
	struct isp_stream *s = kzalloc(sizeof(*s), GFP_KERNEL);

	if (!s)
		return -ENOMEM;
	s->dops = &isp_file_dump_ops;
	s->dump = filp_open(ISP_DUMP_PATH, O_WRONLY | O_CREAT | O_APPEND, 0600);
	if (IS_ERR(s->dump))
		s->dump = NULL;
	file->private_data = s;
	return 0;
}

static const struct file_operations isp_stats_fops = {
	.owner		= THIS_MODULE,
	.open		= isp_stats_open,
	.unlocked_ioctl	= isp_stats_ioctl,
};
