/* case: an f_fs ffs_user_copy_worker-style work function adopts the submitter's mm with use_mm and, when the copy fails, completes the request and returns without unuse_mm; the normal path unuses it; the copy itself runs with the worker's KERNEL_DS (use_mm() lends no address limit), also reported */
#include <linux/fs.h>
#include <linux/mmu_context.h>
#include <linux/uio.h>
#include <linux/usb/gadget.h>
#include <linux/workqueue.h>

struct lite_io_data {
	bool read;
	struct kiocb *kiocb;
	struct iov_iter data;
	void *buf;
	struct mm_struct *mm;
	struct work_struct work;
	struct usb_ep *ep;
	struct usb_request *req;
};

void lite_complete_io(struct lite_io_data *io_data, int ret);

static void lite_user_copy_worker(struct work_struct *work)
{
	struct lite_io_data *io_data = container_of(work, struct lite_io_data, work);
	int ret = io_data->req->status ? io_data->req->status : io_data->req->actual;

	if (io_data->read && ret > 0) {
		use_mm(io_data->mm);
		ret = copy_to_iter(io_data->buf, ret, &io_data->data); /* expect: user-ptr-kernel-ds */
		if (!ret) {
			lite_complete_io(io_data, -EFAULT);
			return; /* expect: pair-unbalanced */
		}
		unuse_mm(io_data->mm);
	}
	lite_complete_io(io_data, ret);
}

void lite_queue_copy(struct lite_io_data *io_data, struct workqueue_struct *wq)
{
	INIT_WORK(&io_data->work, lite_user_copy_worker);
	queue_work(wq, &io_data->work);
}
