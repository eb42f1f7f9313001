/* case: lock-unbalanced: a file macro releases one mutex (the free list's, which the caller holds); it is not the commit mutex the error path left held (jfs diNewIAG) */
#include <linux/mutex.h>

struct imap {
	struct mutex im_freelock;
	struct mutex commit_mutex;
	int n;
};

#define IAGFREE_UNLOCK(imap)	mutex_unlock(&imap->im_freelock)

int iag_extend(struct imap *imap);
void *iag_map(struct imap *imap);

static int iag_new(struct imap *imap)
{
	int rc = 0;

	mutex_lock(&imap->commit_mutex);
	if (iag_extend(imap)) {
		mutex_unlock(&imap->commit_mutex);
		rc = -EIO;
		goto out;
	}
	if (!iag_map(imap)) {
		rc = -EIO;
		goto out;
	}
	imap->n++;
	mutex_unlock(&imap->commit_mutex);
out:
	IAGFREE_UNLOCK(imap);
	return rc; /* expect: lock-unbalanced */
}

int iag_alloc(struct imap *imap)
{
	mutex_lock(&imap->im_freelock);
	return iag_new(imap);
}
