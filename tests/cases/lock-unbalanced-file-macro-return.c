/* case: a statement macro defined in this file returns from the function
 * (`#define LOCK_FDC(d) if (toy_lock_fdc(d)) return -EINTR;`, floppy.c's
 * LOCK_FDC() inside set_geometry() before its fix) while a mutex is held;
 * the other paths release it and the error the macro returns is also what
 * paths without the lock return, so the result does not tell: its body is
 * in view, so the macro's return is judged like a written one. */
/* args: -Wlock-unbalanced */
#include <linux/mutex.h>

static DEFINE_MUTEX(toy_open_lock);
int toy_lock_fdc(int drive);
void toy_unlock_fdc(void);

#define LOCK_FDC(drive) \
	if (toy_lock_fdc(drive)) return -EINTR;

int toy_set_geometry(int drive, int type)
{
	if (type < 0)
		return -EINVAL;
	mutex_lock(&toy_open_lock);
	LOCK_FDC(drive); /* expect: lock-unbalanced */
	toy_unlock_fdc();
	mutex_unlock(&toy_open_lock);
	return 0;
}
