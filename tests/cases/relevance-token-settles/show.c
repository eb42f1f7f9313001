/* case: a seq_file show routine: its own macro calls seq_putc(), named like a release but neither a lock call nor a lock wrapper, so the macro does nothing to any lock; with the stats lock's stretch settled by the tokens the file is not parsed, nothing to report */
#include <linux/seq_file.h>
#include <linux/spinlock.h>

#define NL(seq) seq_putc(seq, '\n')

struct stats {
	spinlock_t lock;
	unsigned long hits, misses;
};

static struct stats st;

static int stats_show(struct seq_file *seq, void *v)
{
	unsigned long hits, misses;

	spin_lock(&st.lock);
	hits = st.hits;
	misses = st.misses;
	spin_unlock(&st.lock);
	seq_printf(seq, "%lu %lu", hits, misses);
	NL(seq);
	return 0;
}
