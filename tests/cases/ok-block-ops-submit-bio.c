/* case: twin of lock-held-return-block-locked-ioctl.c: the same leak in a
 * block driver's ->submit_bio (called for I/O the block layer issues, often
 * from writeback) and ->free_disk (the last put): not entry kinds, nothing
 * reported by default. */
#include <linux/blkdev.h>
#include <linux/mutex.h>

static DEFINE_MUTEX(toy_io_lock);
int toy_busy(void);

static void toy_submit_bio(struct bio *bio)
{
	mutex_lock(&toy_io_lock);
	if (toy_busy())
		return;
	bio_endio(bio);
	mutex_unlock(&toy_io_lock);
}

static void toy_free_disk(struct gendisk *disk)
{
	mutex_lock(&toy_io_lock);
	if (toy_busy())
		return;
	mutex_unlock(&toy_io_lock);
}

static const struct block_device_operations toy_fops = {
	.submit_bio = toy_submit_bio,
	.free_disk = toy_free_disk,
};
