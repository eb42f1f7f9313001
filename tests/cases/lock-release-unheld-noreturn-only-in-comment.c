/* case: only a declaration marked never to return ends a path: a comment
 * that says "noreturn", a function whose attribute list names something
 * else, and a macro defining the marker leave die_soft() and warn_fault()
 * returning, so the release after them is reached without the lock */
#include <linux/mm.h>
#include <linux/sched.h>

#define ATTRIB_NORET	__attribute__((noreturn))

/* die_soft() is not noreturn: it returns when a notifier handles the oops */
void die_soft(const char *msg, struct pt_regs *regs);
void warn_fault(struct pt_regs *regs) __attribute__((cold));
int fixup_exception(struct pt_regs *regs);
void pagefault_out_of_memory(void);

void fault_one(struct pt_regs *regs, unsigned long address)
{
	struct mm_struct *mm = current->mm;

	if (!mm)
		goto no_context;
	down_read(&mm->mmap_sem);
	if (!find_vma(mm, address))
		goto bad_area;
	if (handle_mm_fault(mm, find_vma(mm, address), address, 0) & VM_FAULT_OOM)
		goto out_of_memory;
	up_read(&mm->mmap_sem);
	return;

bad_area:
	up_read(&mm->mmap_sem);
no_context:
	if (fixup_exception(regs))
		return;
	die_soft("Oops", regs);
out_of_memory:
	up_read(&mm->mmap_sem); /* expect: lock-release-unheld */
	pagefault_out_of_memory();
}

void fault_two(struct pt_regs *regs, unsigned long address)
{
	struct mm_struct *mm = current->mm;

	if (!mm)
		goto no_context;
	down_read(&mm->mmap_sem);
	if (!find_vma(mm, address))
		goto bad_area;
	if (handle_mm_fault(mm, find_vma(mm, address), address, 0) & VM_FAULT_OOM)
		goto out_of_memory;
	up_read(&mm->mmap_sem);
	return;

bad_area:
	up_read(&mm->mmap_sem);
no_context:
	warn_fault(regs);
out_of_memory:
	up_read(&mm->mmap_sem); /* expect: lock-release-unheld */
	pagefault_out_of_memory();
}
