/* case: twin of lock-unbalanced-file-macro-return.c: the macro defined in
 * the file returns only before the lock is taken, and every path that
 * takes the lock releases it: nothing to report. */
/* args: -Wlock-unbalanced */
#include <linux/mutex.h>

static DEFINE_MUTEX(toy_open_lock);
int toy_lock_fdc(int drive);
void toy_unlock_fdc(void);

#define LOCK_FDC(drive) \
	if (toy_lock_fdc(drive)) return -EINTR;

int toy_set_geometry(int drive, int type)
{
	LOCK_FDC(drive);
	mutex_lock(&toy_open_lock);
	if (type < 0) {
		mutex_unlock(&toy_open_lock);
		return -EINVAL;
	}
	toy_unlock_fdc();
	mutex_unlock(&toy_open_lock);
	return 0;
}
