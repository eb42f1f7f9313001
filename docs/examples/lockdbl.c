#include <linux/mutex.h>

struct hba {
	struct mutex dev_mutex;
	int ndevs, nmissing;
};

static void hba_mark_missing(struct hba *h, int n)
{
	mutex_lock(&h->dev_mutex);
	h->nmissing += n;
	h->ndevs -= n;
	mutex_lock(&h->dev_mutex);
}

void hba_rescan(struct hba *h, int gone)
{
	hba_mark_missing(h, gone);
}
