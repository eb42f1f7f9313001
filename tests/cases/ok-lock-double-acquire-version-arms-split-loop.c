/* args: -Wlock-unbalanced */
/* case: a lock taken in both arms of a version test whose arms also split
 * a loop's head (exfat's inode hash, 3.9's hlist_for_each_entry() change):
 * each build takes it once.  The arms are statements and then the same
 * opening, so normalisation keeps every arm's statements and the last
 * arm's opening; when the statements take the same locks in every arm,
 * it keeps the last arm only (no lock-double-acquire). */
#include <linux/fs.h>
#include <linux/spinlock.h>
#include <linux/version.h>

struct info { struct hlist_node i_hash; long pos; };
struct sbi { spinlock_t lock; struct hlist_head *table; };

static struct info *find_info(struct sbi *sbi, long pos)
{
	struct info *info;
	struct hlist_head *head = sbi->table;
#if LINUX_VERSION_CODE < KERNEL_VERSION(3,9,0)
	struct hlist_node *node;

	spin_lock(&sbi->lock);
	hlist_for_each_entry(info, node, head, i_hash) {
#else
	spin_lock(&sbi->lock);
	hlist_for_each_entry(info, head, i_hash) {
#endif
		if (info->pos == pos) {
			spin_unlock(&sbi->lock);
			return info;
		}
	}
	spin_unlock(&sbi->lock);
	return NULL;
}
