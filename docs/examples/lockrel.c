#include <linux/mutex.h>
#include <linux/usb.h>

struct modem {
	struct mutex cm_lock;
	struct urb *rcv_urb;
	u8 *buf;
};

static int modem_cmd(struct modem *m, const u8 *data, int len)
{
	int ret;

	if (len > PAGE_SIZE) {
		ret = -ENOMEM;
		goto fail;
	}

	mutex_lock(&m->cm_lock);
	memcpy(m->buf, data, len);
	ret = usb_submit_urb(m->rcv_urb, GFP_KERNEL);
	if (ret < 0)
		goto fail;
	ret = 0;
fail:
	mutex_unlock(&m->cm_lock);
	return ret;
}

int modem_reset(struct modem *m)
{
	static const u8 reset[4] = { 1, 0, 0, 0 };

	return modem_cmd(m, reset, sizeof(reset));
}
