/* The toy check's sample: one path sleeps under the lock, one does not. */
static DEFINE_SPINLOCK(dev_lock);

static int dev_poll(struct dev *d, int wait)
{
	spin_lock(&dev_lock);
	if (wait)
		msleep(10);	/* reported: the lock is held on this path */
	spin_unlock(&dev_lock);
	msleep(1);		/* not reported: released */
	return 0;
}
