/* case: a function declared never to return (`ATTRIB_NORET`, `__noreturn`,
 * `__attribute__((noreturn))`) ends the path: mips's do_page_fault() calls
 * die() on a kernel fault with no fixup, so the release after it is reached
 * only by the jump to its label, with the lock held */
#include <linux/mm.h>
#include <linux/sched.h>
#include <linux/linkage.h>

#define NORET_TYPE	/**/
#define ATTRIB_NORET	__attribute__((noreturn))

extern NORET_TYPE void die(const char *, struct pt_regs *) ATTRIB_NORET;
void __noreturn fatal_fault(struct pt_regs *regs);
__printf(1, 2) void bad_area_panic(const char *fmt, ...) __attribute__((__noreturn__));
int fixup_exception(struct pt_regs *regs);
void pagefault_out_of_memory(void);

void do_page_fault(struct pt_regs *regs, unsigned long write, unsigned long address)
{
	struct mm_struct *mm = current->mm;
	struct vm_area_struct *vma;
	int fault;

	if (in_atomic() || !mm)
		goto bad_area_nosemaphore;

	down_read(&mm->mmap_sem);
	vma = find_vma(mm, address);
	if (!vma)
		goto bad_area;
	fault = handle_mm_fault(mm, vma, address, write ? FAULT_FLAG_WRITE : 0);
	if (fault & VM_FAULT_OOM)
		goto out_of_memory;
	if (fault & VM_FAULT_SIGBUS)
		goto do_sigbus;
	up_read(&mm->mmap_sem);
	return;

bad_area:
	up_read(&mm->mmap_sem);
bad_area_nosemaphore:
	if (user_mode(regs))
		return;
	if (fixup_exception(regs))
		return;
	die("Oops", regs);

out_of_memory:
	up_read(&mm->mmap_sem);
	pagefault_out_of_memory();
	return;

do_sigbus:
	up_read(&mm->mmap_sem);
	if (!user_mode(regs))
		fatal_fault(regs);
	bad_area_panic("sigbus at %lx", address);
	up_read(&mm->mmap_sem);
}
