// SPDX-License-Identifier: GPL-2.0
/*
 * A worker that borrows a process's mm and calls a method through a field
 * the file sets only to a function that pins pages and touches no user
 * memory through a uaccess routine (kvm's async page fault shape): the
 * call's targets are in view and none checks a user address: silent.
 */
struct mm_struct;
struct page;
struct pf_work {
	void (*fault)(struct pf_work *);
	struct mm_struct *mm;
	unsigned long addr;
	struct page *page;
	struct work_struct wq;
};

static void pf_fault_in_demo(struct pf_work *w)
{
	get_user_pages(current, w->mm, w->addr, 1, 1, 0, &w->page, NULL);
}

static void pf_worker_demo(struct work_struct *work)
{
	struct pf_work *w = container_of(work, struct pf_work, wq);

	use_mm(w->mm);
	w->fault(w);
	unuse_mm(w->mm);
}

void pf_setup_demo(struct pf_work *w)
{
	w->fault = pf_fault_in_demo;
	INIT_WORK(&w->wq, pf_worker_demo);
}
