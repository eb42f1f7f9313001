/* case: twin of lock-held-return-mtd-info-assigned.c: the same leaking
 * erase is stored into a field named _erase of the driver's own struct,
 * not of an mtd_info (its type is in view and is no entry kind), and the
 * object is handed to no registration call: not an entry point, nothing
 * reported by default. */
#include <linux/mutex.h>

struct toy_chip_ops {
	int (*_erase)(void *priv, unsigned long addr);
};

struct toy_flash {
	struct mutex lock;
	struct toy_chip_ops chip;
};

int toy_wait_till_ready(struct toy_flash *flash);

static int toy_erase(void *priv, unsigned long addr)
{
	struct toy_flash *flash = priv;
	int err;

	mutex_lock(&flash->lock);
	err = toy_wait_till_ready(flash);
	if (err)
		return err;
	mutex_unlock(&flash->lock);
	return 0;
}

int toy_setup(struct toy_flash *flash)
{
	mutex_init(&flash->lock);
	flash->chip._erase = toy_erase;
	return 0;
}
