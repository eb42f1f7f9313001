/* case: an event-log .read takes log->lock once per record; the empty and padding cases unlock before break/continue, but a corrupt record breaks out of the loop with the spinlock held, so the common return after the loop leaves with it */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/spinlock.h>
#include <linux/uaccess.h>

#define EVLOG_RECS	256
#define EVLOG_PAD	0xffff
#define EVLOG_MAXLEN	48

struct evlog_rec {
	u16 type;
	u16 len;
	u8 payload[EVLOG_MAXLEN];
};

struct evlog {
	spinlock_t lock;
	unsigned int rd, wr;
	struct evlog_rec recs[EVLOG_RECS];
};

static ssize_t evlog_read(struct file *file, char __user *buf, size_t count, loff_t *ppos)
{
	struct evlog *log = file->private_data;
	struct evlog_rec rec;
	ssize_t done = 0;
	int ret = 0;

	while (done + sizeof(rec) <= count) {
		spin_lock(&log->lock);
		if (log->rd == log->wr) {
			spin_unlock(&log->lock);
			break;
		}
		rec = log->recs[log->rd % EVLOG_RECS];
		log->rd++;
		if (rec.type == EVLOG_PAD) {
			spin_unlock(&log->lock);
			continue;
		}
		if (rec.len > EVLOG_MAXLEN) {
			ret = -EIO;
			break;
		}
		spin_unlock(&log->lock);

		if (copy_to_user(buf + done, &rec, sizeof(rec))) {
			ret = -EFAULT;
			break;
		}
		done += sizeof(rec);
	}
	return done ? done : ret; /* expect: lock-held-return */
}

static const struct file_operations evlog_fops = {
	.owner	= THIS_MODULE,
	.read	= evlog_read,
	.llseek	= no_llseek,
};
