/* case: a function an architecture's header declares never to return ends
 * the path only in that architecture's files: sparc's die_if_kernel() is
 * noreturn, mips's returns for a user-mode frame (mips's die() does not) */
#include <linux/mm.h>
#include <linux/sched.h>

int fixup_exception(struct pt_regs *regs);
void pagefault_out_of_memory(void);

void mips_die_fault(struct pt_regs *regs, unsigned long address)
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
	die("Oops", regs);
out_of_memory:
	up_read(&mm->mmap_sem);
	pagefault_out_of_memory();
}
