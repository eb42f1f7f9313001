/* case: the i915 execbuffer shape of 5.0 (and a vendor 4.14 backport):
 * 'if (!user_access_begin(...)) goto end_user; ... end_user: user_access_end();'
 * ends no window on the failed path; the next turn of the loop calls
 * out-of-line functions (check_relocations, kfree on the error path) with
 * no window open.  They were reported as inside a window 'opened at line
 * 1': the caller's window the failed path's end was taken to release. */
#include <linux/uaccess.h>
#include <linux/slab.h>

struct rel {
	u64 presumed_offset;
};
int check_relocations(void *p);

static int copy_relocs(struct rel __user **urel, int *nrel, int count)
{
	int i, copied;

	for (i = 0; i < count; i++) {
		struct rel __user *urelocs = urel[i];
		int nreloc = nrel[i];
		unsigned long size = nreloc * sizeof(struct rel);
		int err;

		if (nreloc == 0)
			continue;
		err = check_relocations(urelocs);
		if (err)
			goto err;

		if (!user_access_begin(VERIFY_WRITE, urelocs, size))
			goto end_user;

		for (copied = 0; copied < nreloc; copied++)
			unsafe_put_user(-1, &urelocs[copied].presumed_offset, end_user);
end_user:
		user_access_end();
	}
	return 0;
err:
	kfree(urel);
	return -EFAULT;
}
