/* case: a SYSCALL_DEFINE takes mm->mmap_sem with down_write_killable (the -EINTR return holds nothing) and returns -ENOMEM for an unmapped address without up_write; the read-side syscall is balanced */
#include <linux/syscalls.h>
#include <linux/mm.h>
#include <linux/sched/mm.h>
#include <linux/rwsem.h>

#define VMA_TAG_MAX	15

SYSCALL_DEFINE2(vma_set_tag, unsigned long, start, unsigned long, tag)
{
	struct mm_struct *mm = current->mm;
	struct vm_area_struct *vma;
	int ret = 0;

	if (tag > VMA_TAG_MAX || offset_in_page(start))
		return -EINVAL;

	if (down_write_killable(&mm->mmap_sem))
		return -EINTR;

	vma = find_vma(mm, start);
	if (!vma || vma->vm_start > start)
		return -ENOMEM; /* expect: lock-held-return */

	if (vma->vm_flags & (VM_IO | VM_PFNMAP)) {
		ret = -EACCES;
		goto out;
	}
	vma->vm_private_tag = tag;
out:
	up_write(&mm->mmap_sem);
	return ret;
}

SYSCALL_DEFINE1(vma_get_tag, unsigned long, start)
{
	struct mm_struct *mm = current->mm;
	struct vm_area_struct *vma;
	long tag = -ENOMEM;

	down_read(&mm->mmap_sem);
	vma = find_vma(mm, start);
	if (vma && vma->vm_start <= start)
		tag = vma->vm_private_tag;
	up_read(&mm->mmap_sem);
	return tag;
}
