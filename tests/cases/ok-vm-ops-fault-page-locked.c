/* case: twin of lock-held-return-vm-fault.c: a ->fault that returns
 * VM_FAULT_LOCKED with the page locked (lock_page() is the page's bit lock,
 * which the fault handler hands to the core by contract, no rule), and one
 * that drops the mmap lock to wait and returns VM_FAULT_RETRY (the
 * caller's lock released, not taken): neither is a lock left held. */
#include <linux/mm.h>
#include <linux/pagemap.h>

struct page *toy_find_page(struct vm_fault *vmf);
void toy_wait_io(struct vm_fault *vmf);

static vm_fault_t toy_vm_fault(struct vm_fault *vmf)
{
	struct page *page = toy_find_page(vmf);

	if (!page) {
		mmap_read_unlock(vmf->vma->vm_mm);
		toy_wait_io(vmf);
		return VM_FAULT_RETRY;
	}
	lock_page(page);
	vmf->page = page;
	return VM_FAULT_LOCKED;
}

static const struct vm_operations_struct toy_vm_ops = {
	.fault = toy_vm_fault,
};
