/* case: lock-unbalanced must not fire: the result says whether the lock is held — 0 with it held and -EBUSY without; a lookup returning the object locked or NULL/ERR_PTR unlocked; a bool that is true when locked (no caller in view: only the results tell) */
/* args: -Wlock-unbalanced */
#include <linux/mutex.h>
#include <linux/err.h>

struct cam_sensor {
	struct mutex lock;
	bool streaming;
	int id;
};

struct cam_sensor *cam_sensors[8];

int cam_sensor_claim(struct cam_sensor *s)
{
	mutex_lock(&s->lock);
	if (s->streaming) {
		mutex_unlock(&s->lock);
		return -EBUSY;
	}
	return 0;
}

struct cam_sensor *cam_sensor_find(int id)
{
	struct cam_sensor *s;

	if (id < 0 || id >= 8)
		return ERR_PTR(-EINVAL);
	s = cam_sensors[id];
	mutex_lock(&s->lock);
	if (s->streaming) {
		mutex_unlock(&s->lock);
		return NULL;
	}
	return s;
}

bool cam_sensor_idle(struct cam_sensor *s)
{
	mutex_lock(&s->lock);
	if (!s->streaming)
		return true;
	mutex_unlock(&s->lock);
	return false;
}
