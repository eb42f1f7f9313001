/* case: fs/select.c get_sigset_argpack: the read window is opened only when the pointer is non-NULL, its failing begin returns having opened nothing, and the Efault label ends it; pselect6 uses it without opening anything itself */
#include <linux/syscalls.h>
#include <linux/uaccess.h>
#include <linux/time64.h>

struct sigset_argpack {
	sigset_t __user *p;
	size_t size;
};

static int get_sigset_argpack(struct sigset_argpack *to,
			      struct sigset_argpack __user *from)
{
	/* the path is hot enough for overhead of copy_from_user() to matter */
	if (from) {
		if (!user_read_access_begin(from, sizeof(*from)))
			return -EFAULT;
		unsafe_get_user(to->p, &from->p, Efault);
		unsafe_get_user(to->size, &from->size, Efault);
		user_read_access_end();
	}
	return 0;
Efault:
	user_read_access_end();
	return -EFAULT;
}

long lite_do_pselect(int n, fd_set __user *inp, fd_set __user *outp,
		     fd_set __user *exp, void __user *tsp,
		     const sigset_t __user *sigmask, size_t sigsetsize);

SYSCALL_DEFINE6(lite_pselect6, int, n, fd_set __user *, inp, fd_set __user *, outp,
		fd_set __user *, exp, struct __kernel_timespec __user *, tsp,
		void __user *, sig)
{
	struct sigset_argpack x = {NULL, 0};
	int ret;

	ret = get_sigset_argpack(&x, sig);
	if (ret)
		return ret;

	return lite_do_pselect(n, inp, outp, exp, tsp, x.p, x.size);
}
