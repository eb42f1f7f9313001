/* case: `default: BUG()` in switches whose value a caller or a callee
 * chooses (a local copied from the request, a call's result) is still a
 * path to an oops with the limit raised; so is a BUG() under a valued case
 * and one after other statements of the default */
#include <linux/kernel.h>
#include <linux/bug.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

#define OP_READ		1
#define OP_WRITE	2

struct req { int op; struct file *f; char buf[64]; loff_t pos; };

int req_kind(struct req *rq);

static long do_req(struct req *rq)
{
	mm_segment_t old = get_fs();
	int op = rq->op;
	long ret = 0;

	set_fs(KERNEL_DS);
	switch (op) {
	case OP_READ:
		ret = vfs_read(rq->f, (char __user *)rq->buf, sizeof(rq->buf), &rq->pos);
		break;
	case OP_WRITE:
		ret = vfs_write(rq->f, (const char __user *)rq->buf, sizeof(rq->buf), &rq->pos);
		break;
	default:
		BUG(); /* expect: oops-in-window */
	}
	set_fs(old);
	return ret;
}

static long do_kind(struct req *rq)
{
	mm_segment_t old = get_fs();
	long ret = 0;

	set_fs(KERNEL_DS);
	switch (req_kind(rq)) {
	case OP_READ:
		ret = vfs_read(rq->f, (char __user *)rq->buf, sizeof(rq->buf), &rq->pos);
		break;
	default:
		BUG(); /* expect: oops-in-window */
	}
	set_fs(old);
	return ret;
}

extern int global_mode;

static long do_global(struct req *rq)
{
	mm_segment_t old = get_fs();
	long ret = 0;

	set_fs(KERNEL_DS);
	switch (global_mode) {
	case OP_READ:
		ret = vfs_read(rq->f, (char __user *)rq->buf, sizeof(rq->buf), &rq->pos);
		break;
	default:
		pr_err("bad mode\n");
		BUG(); /* expect: oops-in-window */
	}
	set_fs(old);
	return ret;
}

static long do_case(struct req *rq)
{
	mm_segment_t old = get_fs();
	long ret = 0;

	set_fs(KERNEL_DS);
	switch (global_mode) {
	case OP_READ:
		BUG(); /* expect: oops-in-window */
	default:
		ret = vfs_write(rq->f, (const char __user *)rq->buf, sizeof(rq->buf), &rq->pos);
	}
	set_fs(old);
	return ret;
}

long req_entry(struct req *rq)
{
	return do_req(rq) + do_kind(rq) + do_global(rq) + do_case(rq);
}
