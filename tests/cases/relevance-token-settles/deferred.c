/* case: the deferred-probe shape: a list lock dropped around the work on each entry and taken again; the token check settles it (the file is not parsed), nothing to report */
#include <linux/mutex.h>
#include <linux/list.h>

struct pend {
	struct list_head node;
	int id;
};

static DEFINE_MUTEX(pend_mutex);
static LIST_HEAD(pend_list);

void pend_probe(struct pend *p);

void pend_run(void)
{
	struct pend *p;

	mutex_lock(&pend_mutex);
	while (!list_empty(&pend_list)) {
		p = list_first_entry(&pend_list, struct pend, node);
		list_del_init(&p->node);
		mutex_unlock(&pend_mutex);
		pend_probe(p);
		mutex_lock(&pend_mutex);
	}
	mutex_unlock(&pend_mutex);
}
