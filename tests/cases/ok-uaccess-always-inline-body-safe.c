/* case: __always_inline helpers inlined into the user_access window call only what objtool accepts with UACCESS enabled: WARN_ON_ONCE (an ud2, no call on x86), instrument_copy_to_user and kasan_check_read (always-inline wrappers of uaccess-safe KASAN/KCSAN/KMSAN hooks) and the unsafe_*() accessors */
#include <linux/bug.h>
#include <linux/instrumented.h>
#include <linux/kasan-checks.h>
#include <linux/uaccess.h>

struct lite_rec {
	u32 id;
	u32 len;
};

static __always_inline u32 lite_clamp_len(const struct lite_rec *r, u32 max)
{
	if (WARN_ON_ONCE(r->len > max))
		return max;
	return r->len;
}

static __always_inline int lite_put_rec(struct lite_rec __user *u, const struct lite_rec *r)
{
	kasan_check_read(r, sizeof(*r));
	instrument_copy_to_user(u, r, sizeof(*r));
	unsafe_put_user(r->id, &u->id, efault);
	unsafe_put_user(lite_clamp_len(r, 256), &u->len, efault);
	return 0;
efault:
	return -EFAULT;
}

int lite_export_recs(const struct lite_rec *recs, int n, struct lite_rec __user *out)
{
	int i;

	if (!user_write_access_begin(out, n * sizeof(*out)))
		return -EFAULT;
	for (i = 0; i < n; i++)
		if (lite_put_rec(&out[i], &recs[i]))
			goto efault;
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}
