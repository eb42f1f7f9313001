/* case: an __always_inline helper is inlined into the user_access window, so its body runs with UACCESS enabled: its WARN() with a format (a call to __warn_printk()) and pr_warn_ratelimited() are calls objtool rejects, reported at the helper's call */
#include <linux/bug.h>
#include <linux/printk.h>
#include <linux/uaccess.h>

struct lite_rec {
	u32 id;
	u32 len;
};

static __always_inline u32 lite_clamp_len(const struct lite_rec *r, u32 max)
{
	if (WARN(r->len > max, "record %u: length %u over %u\n", r->id, r->len, max))
		return max;
	return r->len;
}

static __always_inline u32 lite_check_id(const struct lite_rec *r)
{
	if (r->id > 4096)
		pr_warn_ratelimited("record id %u out of range\n", r->id);
	return r->id;
}

int lite_export_recs(const struct lite_rec *recs, int n, struct lite_rec __user *out)
{
	int i;

	if (!user_write_access_begin(out, n * sizeof(*out)))
		return -EFAULT;
	for (i = 0; i < n; i++) {
		unsafe_put_user(lite_check_id(&recs[i]), &out[i].id, efault); /* expect: uaccess-call */
		unsafe_put_user(lite_clamp_len(&recs[i], 256), &out[i].len, efault); /* expect: uaccess-call */
	}
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}
