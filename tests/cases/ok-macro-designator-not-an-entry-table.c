/* case: a table whose designators a macro spells (`SLOT(1) = fn`) but
 * whose type is no entry kind: its functions are not entry points, so a
 * helper's missing unlock is left to -Wlock-unbalanced, not reported as a
 * return to user mode */
#include <linux/mutex.h>

#define SLOT(x) [(x) - 1]

typedef int (*step_fn)(int);

static DEFINE_MUTEX(step_lock);

static int step_one(int v)
{
	mutex_lock(&step_lock);
	if (v < 0)
		return v;
	mutex_unlock(&step_lock);
	return 0;
}

static const step_fn steps[] = {
	SLOT(1) = step_one,
};

int run_step(int i, int v)
{
	int ret = steps[i](v);

	return ret;
}
