/* case: lock-unbalanced must not fire: a fault handler that returns VM_FAULT_LOCKED exactly where it keeps the mapping's rwsem held (__dax_fault() of 4.4-era fs/dax.c, whose caller releases it): a constant named LOCKED in the result tells the caller it gets the lock */
/* args: -Wlock-unbalanced */
#include <linux/rwsem.h>

#define VM_FAULT_SIGBUS 0x0002
#define VM_FAULT_NOPAGE 0x0100
#define VM_FAULT_LOCKED 0x0200

struct mapping {
	struct rw_semaphore i_mmap_rwsem;
	unsigned long size;
};

struct vmf {
	unsigned long pgoff;
	void *cow_page;
};

int insert_mapping(struct mapping *m, struct vmf *vmf);

int dax_fault(struct mapping *m, struct vmf *vmf)
{
	if (vmf->pgoff >= m->size)
		return VM_FAULT_SIGBUS;
	if (vmf->cow_page) {
		down_read(&m->i_mmap_rwsem);
		if (vmf->pgoff >= m->size) {
			up_read(&m->i_mmap_rwsem);
			return VM_FAULT_SIGBUS;
		}
		return VM_FAULT_LOCKED;
	}
	if (insert_mapping(m, vmf))
		return VM_FAULT_SIGBUS;
	return VM_FAULT_NOPAGE;
}
