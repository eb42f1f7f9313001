/* case: pair-unbalanced must not fire: page faults are disabled by a header's static inline map and enabled again by the unmap macro, which calls its own implementation __unmap_atom() (kmap_atomic()/kunmap_atomic() in 6.1). Header wrappers are replayed for locks only: the paired states of headers gave 60 false findings on 6.1, mostly drivers that map and unmap through their own helpers */
#include "hm.h"

int prepare_chunk(struct page *page);
int commit_chunk(struct page *page);

int make_empty(struct page *page, int v3)
{
	char *kaddr;
	int err;

	err = prepare_chunk(page);
	if (err)
		goto fail;
	kaddr = map_atom(page);
	if (v3)
		kaddr[0] = '.';
	else
		kaddr[1] = '.';
	unmap_atom(kaddr);
	err = commit_chunk(page);
fail:
	put_page(page);
	return err;
}
