/* case: seq_operations .start takes the table mutex and returns with it held, .stop releases it (by design); the proc_ops .proc_open only calls seq_open, so nothing is reported */
#include <linux/module.h>
#include <linux/proc_fs.h>
#include <linux/seq_file.h>
#include <linux/mutex.h>
#include <linux/list.h>

struct flow_entry {
	struct list_head list;
	u32 id;
	u64 packets;
};

static LIST_HEAD(flow_table);
static DEFINE_MUTEX(flow_mutex);

static void *flow_seq_start(struct seq_file *s, loff_t *pos)
{
	mutex_lock(&flow_mutex);
	if (*pos == 0)
		seq_puts(s, "id       packets\n");
	return seq_list_start(&flow_table, *pos);
}

static void *flow_seq_next(struct seq_file *s, void *v, loff_t *pos)
{
	return seq_list_next(v, &flow_table, pos);
}

static void flow_seq_stop(struct seq_file *s, void *v)
{
	mutex_unlock(&flow_mutex);
}

static int flow_seq_show(struct seq_file *s, void *v)
{
	struct flow_entry *fe = list_entry(v, struct flow_entry, list);

	seq_printf(s, "%08x %llu\n", fe->id, fe->packets);
	return 0;
}

static const struct seq_operations flow_seq_ops = {
	.start	= flow_seq_start,
	.next	= flow_seq_next,
	.stop	= flow_seq_stop,
	.show	= flow_seq_show,
};

static int flow_proc_open(struct inode *inode, struct file *file)
{
	return seq_open(file, &flow_seq_ops);
}

static const struct proc_ops flow_proc_ops = {
	.proc_open	= flow_proc_open,
	.proc_read	= seq_read,
	.proc_lseek	= seq_lseek,
	.proc_release	= seq_release,
};
