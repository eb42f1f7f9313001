/* case: relevance pass: a file that takes its locks through a header's wrappers only, one path releasing before an early return (no shape the token check settles): parsed with the bodies that call a wrapper (and the functions they call), the others left out */
#include "ino.h"

int ino_update(struct inode_info *i, int v);

int ino_set(struct inode_info *i, int v)
{
	int err;

	ino_lock(i);
	err = ino_update(i, v);
	if (err) {
		ino_unlock(i);
		return err;
	}
	i->count++;
	ino_unlock(i);
	return 0;
}

unsigned int ino_hash(unsigned long ino)
{
	return (unsigned int)(ino * 0x9e3779b9u);
}
