/* case: a stretch taken and released through a header's static inline wrappers, nothing but plain statements between: the token check replays the wrappers' calls and settles it, so the file is not parsed; nothing to report */
#include "wrap.h"

int blk_info_bump(struct blk_info *b, int v)
{
	int n;

	blk_info_lock(b);
	b->count += v;
	n = b->count;
	blk_info_unlock(b);
	return n;
}
