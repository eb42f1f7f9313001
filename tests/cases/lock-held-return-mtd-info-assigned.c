/* case: an SPI flash driver fills the mtd_info embedded in its own struct
 * by assignment in probe (`flash->mtd._erase = toy_erase;`, sst25l before
 * 2.6.33's fix); mtdchar's MEMERASE ioctl calls it, and it returns with the
 * chip mutex held when the chip is not ready.  The type comes from the
 * member's declaration (struct mtd_info mtd;) in the driver's struct. */
#include <linux/mtd/mtd.h>
#include <linux/spi/spi.h>
#include <linux/mutex.h>

struct toy_flash {
	struct spi_device *spi;
	struct mutex lock;
	struct mtd_info mtd;
};

int toy_wait_till_ready(struct toy_flash *flash);

static int toy_erase(struct mtd_info *mtd, struct erase_info *instr)
{
	struct toy_flash *flash = container_of(mtd, struct toy_flash, mtd);
	int err;

	mutex_lock(&flash->lock);
	err = toy_wait_till_ready(flash);
	if (err)
		return err; /* expect: lock-held-return */
	mutex_unlock(&flash->lock);
	return 0;
}

static int toy_probe(struct spi_device *spi)
{
	struct toy_flash *flash = kzalloc(sizeof(*flash), GFP_KERNEL);

	if (!flash)
		return -ENOMEM;
	mutex_init(&flash->lock);
	flash->mtd._erase = toy_erase;
	return mtd_device_register(&flash->mtd, NULL, 0);
}
