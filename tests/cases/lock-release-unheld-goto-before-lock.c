/* case: lock-release-unheld: a size check jumps to the shared `fail:` label, which releases the mutex, before the mutex is taken (cxacru_cm() in 2.6.32, fixed by eeafa64b7a41); the later error paths reach the same label holding it */
#include <linux/mutex.h>
#include <linux/usb.h>

struct cm_dev {
	struct mutex cm_serialize;
	struct urb *rcv_urb, *snd_urb;
	u8 *snd_buf;
};

static int cm_submit(struct cm_dev *d, int cm, u8 *wdata, int wsize)
{
	int ret;
	int wbuflen = (wsize + 59) / 60 * 64;

	if (wbuflen > PAGE_SIZE) {
		ret = -ENOMEM;
		goto fail;
	}

	mutex_lock(&d->cm_serialize);
	ret = usb_submit_urb(d->rcv_urb, GFP_KERNEL);
	if (ret < 0)
		goto fail;
	memcpy(d->snd_buf, wdata, wsize);
	ret = usb_submit_urb(d->snd_urb, GFP_KERNEL);
	if (ret < 0)
		goto fail;
	ret = 0;
fail:
	mutex_unlock(&d->cm_serialize); /* expect: lock-release-unheld */
	return ret;
}

int cm_send(struct cm_dev *d, int cm, u8 *wdata, int wsize)
{
	return cm_submit(d, cm, wdata, wsize);
}
