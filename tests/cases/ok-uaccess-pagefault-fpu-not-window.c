/* case: pagefault_disable(), kernel_fpu_begin() and user_access_save() sections are not user_access windows: copy_from_user, kmalloc, pr_warn and the file's own out-of-line helper called inside them are not reported */
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <asm/fpu/api.h>

struct fx_job {
	u8 *dst;
	const u8 *src;
	size_t len;
};

void fx_avx_copy(u8 *dst, const u8 *src, size_t len);

static void fx_account(struct fx_job *job)
{
	job->len = 0;
}

int lite_futex_peek(u32 *dest, const u32 __user *from)
{
	int ret;

	pagefault_disable();
	ret = copy_from_user(dest, from, sizeof(u32)) ? -EFAULT : 0;
	pagefault_enable();
	return ret;
}

int lite_fx_run(struct fx_job *job)
{
	void *scratch;

	kernel_fpu_begin();
	scratch = kmalloc(64, GFP_ATOMIC);
	if (scratch)
		fx_avx_copy(job->dst, job->src, job->len);
	fx_account(job);
	kernel_fpu_end();
	kfree(scratch);
	return scratch ? 0 : -ENOMEM;
}

void lite_report_hook(const char *what, unsigned long addr)
{
	unsigned long ua_flags = user_access_save();

	pr_warn("report: %s at %lx\n", what, addr);
	user_access_restore(ua_flags);
}
