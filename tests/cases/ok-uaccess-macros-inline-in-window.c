/* case: inside a user_access window only allowed things are called: a static inline helper, WARN_ON_ONCE, BUILD_BUG_ON, ARRAY_SIZE, min_t, max, READ_ONCE, likely/unlikely, sizeof and unsafe_* accessors */
#include <linux/kernel.h>
#include <linux/bug.h>
#include <linux/minmax.h>
#include <linux/uaccess.h>

#define RSTAT_SLOTS	16

struct rstat_user {
	__u32 nr;
	__u32 peak;
	__u64 slot[RSTAT_SLOTS];
};

struct rstat {
	u64 slot[RSTAT_SLOTS];
	u32 nr;
};

static inline u64 rstat_scale(u64 v, u32 shift)
{
	return v >> shift;
}

int lite_rstat_export(const struct rstat *rs, struct rstat_user __user *uu, u32 shift)
{
	u32 nr = READ_ONCE(rs->nr);
	u32 i, peak = 0;

	if (!user_access_begin(uu, sizeof(*uu)))
		return -EFAULT;

	BUILD_BUG_ON(sizeof(uu->slot) != sizeof(rs->slot));
	if (WARN_ON_ONCE(nr > ARRAY_SIZE(rs->slot)))
		nr = ARRAY_SIZE(rs->slot);
	nr = min_t(u32, nr, RSTAT_SLOTS);
	for (i = 0; i < nr; i++) {
		u64 v = rstat_scale(READ_ONCE(rs->slot[i]), shift);

		peak = max(peak, (u32)v);
		unsafe_put_user(v, &uu->slot[i], efault);
	}
	unsafe_put_user(nr, &uu->nr, efault);
	if (likely(peak))
		unsafe_put_user(peak, &uu->peak, efault);
	user_access_end();
	return 0;

efault:
	user_access_end();
	return -EFAULT;
}
