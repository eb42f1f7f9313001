/* case: a SYSCALL_DEFINE opens a user_access_begin window to store counters with unsafe_put_user and returns -ENODATA from inside the loop without user_access_end; the normal and fault exits both end the window */
#include <linux/syscalls.h>
#include <linux/uaccess.h>
#include <linux/bits.h>

#define PCTR_MAX	16

struct pctr_bank {
	u64 val[PCTR_MAX];
	u32 enabled_mask;
};

static struct pctr_bank pctr_bank;

SYSCALL_DEFINE3(pctr_read, u64 __user *, uvals, unsigned int, first, unsigned int, nr)
{
	u32 mask = READ_ONCE(pctr_bank.enabled_mask);
	unsigned int i;

	if (!nr || first >= PCTR_MAX || nr > PCTR_MAX - first)
		return -EINVAL;
	if (!user_access_begin(uvals, nr * sizeof(u64)))
		return -EFAULT;

	for (i = 0; i < nr; i++) {
		if (!(mask & BIT(first + i)))
			return -ENODATA; /* expect: pair-unbalanced */
		unsafe_put_user(READ_ONCE(pctr_bank.val[first + i]), &uvals[i], efault);
	}
	user_access_end();
	return nr;

efault:
	user_access_end();
	return -EFAULT;
}
