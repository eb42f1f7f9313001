/* the 64-bit twin of usercopy_32.c (see there): reported */
#include <linux/uaccess.h>

static noinline unsigned long copy_user_intel(void *to, const void __user *from,
					      unsigned long n)
{
	return n;
}

unsigned long copy_from_user_ll(void *to, const void __user *from, unsigned long n)
{
	__uaccess_begin_nospec();
	n = copy_user_intel(to, from, n); /* expect: uaccess-call */
	__uaccess_end();
	return n;
}
