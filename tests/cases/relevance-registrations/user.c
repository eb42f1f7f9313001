/* case: relevance pass: only calls gadget_open() (declared in a header), inside a body: it cannot register it, so it is not parsed */
#include <linux/fs.h>
#include "gadget.h"

int gadget_selftest(struct inode *inode, struct file *file)
{
	return gadget_open(inode, file);
}
