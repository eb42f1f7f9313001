/* case: a 32-bit compat entry named sys32_ (no compat_sys_ prefix yet) takes the big kernel lock and leaves it held on the allocation failure; it is a system call like a sys_ one, so the path back to user mode is reported; its twin that releases on every path is not */
#include <linux/kernel.h>
#include <linux/smp_lock.h>
#include <linux/mm.h>

static int do_select32(char *page, int n);

asmlinkage int sys32_select_demo(int n)
{
	char *page;
	int ret;

	lock_kernel();
	page = (char *)__get_free_page(GFP_KERNEL);
	if (!page)
		return -ENOMEM; /* expect: lock-held-return */
	ret = do_select32(page, n);
	free_page((unsigned long)page);
	unlock_kernel();
	return ret;
}

asmlinkage int sys32_select_balanced(int n)
{
	char *page;
	int ret = -ENOMEM;

	lock_kernel();
	page = (char *)__get_free_page(GFP_KERNEL);
	if (!page)
		goto out;
	ret = do_select32(page, n);
	free_page((unsigned long)page);
out:
	unlock_kernel();
	return ret;
}
