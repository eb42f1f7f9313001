/* case: an error path jumps past force_uaccess_end() to a label that only returns (the saved limit is never handed back); the success path restores it */
#include <linux/module.h>
#include <linux/uaccess.h>
#include <linux/kthread.h>

struct dma_req {
	void __user *ubuf;
	void *kbuf;
	size_t len;
};

int dma_req_validate(struct dma_req *req);

static int dma_req_pull(struct dma_req *req)
{
	mm_segment_t oldfs;
	int ret;

	oldfs = force_uaccess_begin();
	ret = dma_req_validate(req);
	if (ret)
		goto out;
	if (copy_from_user(req->kbuf, req->ubuf, req->len))
		ret = -EFAULT;
	force_uaccess_end(oldfs);
out:
	return ret; /* expect: ds-unbalanced */
}
