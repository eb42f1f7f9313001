/* case: a driver's mmap()ed buffer: its vm_operations_struct ->fault runs
 * when a user access faults and returns to that access, here with the
 * device mutex held when the offset is out of range (us122l's
 * usb_stream_hwdep_vm_fault() before its fix); ->open (mmap, fork) leaks
 * too. */
#include <linux/mm.h>
#include <linux/mutex.h>

struct toy_dev {
	struct mutex mutex;
	void *buf;
	unsigned long size;
	int users;
};

static vm_fault_t toy_vm_fault(struct vm_fault *vmf)
{
	struct toy_dev *d = vmf->vma->vm_private_data;
	unsigned long offset = vmf->pgoff << PAGE_SHIFT;

	mutex_lock(&d->mutex);
	if (offset >= d->size)
		return VM_FAULT_SIGBUS; /* expect: lock-held-return */
	vmf->page = virt_to_page(d->buf + offset);
	get_page(vmf->page);
	mutex_unlock(&d->mutex);
	return 0;
}

static void toy_vm_open(struct vm_area_struct *vma)
{
	struct toy_dev *d = vma->vm_private_data;

	mutex_lock(&d->mutex);
	if (d->users++)
		return; /* expect: lock-held-return */
	mutex_unlock(&d->mutex);
}

static const struct vm_operations_struct toy_vm_ops = {
	.fault = toy_vm_fault,
	.open = toy_vm_open,
};
