/* case: lock-unbalanced must not fire: the error path calls a helper of the file that releases the lock (its summary says so) before returning */
/* args: -Wlock-unbalanced */
#include <linux/mutex.h>

struct adc {
	struct mutex lock;
	int last;
	int err_count;
};

static void adc_fail_unlock(struct adc *a)
{
	a->err_count++;
	mutex_unlock(&a->lock);
}

static int adc_sample(struct adc *a, int ch)
{
	int v;

	mutex_lock(&a->lock);
	if (ch > 7) {
		adc_fail_unlock(a);
		return -EINVAL;
	}
	v = a->last + ch;
	a->last = v;
	mutex_unlock(&a->lock);
	return v;
}

int adc_read_all(struct adc *a, int *out)
{
	int ch;

	for (ch = 0; ch < 8; ch++)
		out[ch] = adc_sample(a, ch);
	return 0;
}
