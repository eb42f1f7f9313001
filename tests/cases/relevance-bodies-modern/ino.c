/* case: relevance pass: a file that takes its locks through a header's wrappers only: parsed with the bodies that call a wrapper (and the functions they call), the others left out */
#include "ino.h"

int ino_update(struct inode_info *i, int v);

int ino_set(struct inode_info *i, int v)
{
	int err;

	ino_lock(i);
	err = ino_update(i, v);
	ino_unlock(i);
	return err;
}

unsigned int ino_hash(unsigned long ino)
{
	return (unsigned int)(ino * 0x9e3779b9u);
}
