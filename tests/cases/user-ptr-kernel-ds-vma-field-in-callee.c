/* case: a helper reads a user-space address out of the VMA it is given (vma->vm_start, mm->arg_start) and get_user()s it with whatever limit its caller holds: called under KERNEL_DS (elf_core_dump() around vma_dump_size(), fixed in 2.6.31) the read goes to the kernel; the same helper called with USER_DS, and one that sets USER_DS itself around the read, are fine */
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/uaccess.h>

static unsigned long dump_size(struct vm_area_struct *vma)
{
	u32 __user *header = (u32 __user *)vma->vm_start;
	u32 word;

	if (get_user(word, header) == 0 && word == 0x464c457f)
		return PAGE_SIZE;
	return vma->vm_end - vma->vm_start;
}

static int first_arg_byte(struct mm_struct *mm, char *out)
{
	return get_user(*out, (char __user *)(mm->arg_start + 1));
}

static unsigned long dump_size_fixed(struct vm_area_struct *vma)
{
	u32 __user *header = (u32 __user *)vma->vm_start;
	mm_segment_t fs = get_fs();
	u32 word;

	set_fs(USER_DS);
	if (get_user(word, header))
		word = 0;
	set_fs(fs);
	return word == 0x464c457f ? PAGE_SIZE : 0;
}

int core_dump(struct mm_struct *mm)
{
	struct vm_area_struct *vma;
	mm_segment_t fs = get_fs();
	unsigned long size = 0;
	char c;

	set_fs(KERNEL_DS);
	for (vma = mm->mmap; vma; vma = vma->vm_next) {
		size += dump_size(vma); /* expect: user-ptr-kernel-ds */
		size += dump_size_fixed(vma);
	}
	first_arg_byte(mm, &c); /* expect: user-ptr-kernel-ds */
	set_fs(fs);
	return size > 0;
}

int vma_report(struct mm_struct *mm)
{
	struct vm_area_struct *vma;
	unsigned long size = 0;

	for (vma = mm->mmap; vma; vma = vma->vm_next)
		size += dump_size(vma);
	return size > 0;
}
