/* case: the brace forms that are C stay as they are: a statement expression and a compound literal passed as arguments, nested initializers after a comma; the handler still keeps its spinlock when the table lookup fails (only `FOO(a, { ... })` is rewritten for the parser) */
#include <linux/fs.h>
#include <linux/spinlock.h>
#include <linux/uaccess.h>

struct range { int lo, hi; };

static DEFINE_SPINLOCK(tbl_lock);
static struct range tbl[4];

int tbl_find(const struct range *r, int v);
void tbl_note(int a, int b);

static long tbl_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct range pair[2] = { { 0, 1 }, { 2, 3 } };
	int slot;

	spin_lock(&tbl_lock);
	tbl_note(cmd, ({ int t = (int)arg; t & 3; }));
	slot = tbl_find(&(struct range){ .lo = pair[0].lo, .hi = pair[1].hi }, (int)arg);
	if (slot < 0)
		return -ENOENT; /* expect: lock-held-return */
	tbl[slot & 3] = pair[1];
	spin_unlock(&tbl_lock);
	return 0;
}

static const struct file_operations tbl_fops = {
	.unlocked_ioctl = tbl_ioctl,
};
