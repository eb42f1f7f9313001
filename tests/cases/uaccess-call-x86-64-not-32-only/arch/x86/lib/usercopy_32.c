/* case: x86 code built only for 32-bit (a file named *_32.c under
 * arch/x86/) calls its own out-of-line copy helper inside the user access
 * window, as usercopy_32.c does (2.6.32 backports, 4.14): objtool validates
 * x86-64 objects only, so no uaccess-call; the same code in a 64-bit file
 * is reported (usercopy_64.c). */
#include <linux/uaccess.h>

static noinline unsigned long copy_user_intel(void *to, const void __user *from,
					      unsigned long n)
{
	return n;
}

unsigned long copy_from_user_ll(void *to, const void __user *from, unsigned long n)
{
	__uaccess_begin_nospec();
	n = copy_user_intel(to, from, n);
	__uaccess_end();
	return n;
}
