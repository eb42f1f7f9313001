/* case: xor_fpu_enter() opens kernel_fpu_begin on both of its exits and poll_nofault_enter() always leaves page faults disabled; they are helpers (never closing), and their callers close the state on every path */
#include <linux/kernel.h>
#include <linux/raid/xor.h>
#include <linux/uaccess.h>
#include <asm/fpu/api.h>

struct xor_ctx {
	bool have_avx2;
	unsigned long bytes;
};

void xor_avx2_2(unsigned long bytes, unsigned long *p1, const unsigned long *p2);
void xor_sse_2(unsigned long bytes, unsigned long *p1, const unsigned long *p2);

static int xor_fpu_enter(struct xor_ctx *ctx)
{
	kernel_fpu_begin();
	if (!ctx->have_avx2)
		return 0;
	return 1;
}

static void xor_fpu_leave(struct xor_ctx *ctx)
{
	kernel_fpu_end();
}

void lite_xor_blocks(struct xor_ctx *ctx, unsigned long *dst, const unsigned long *src)
{
	if (xor_fpu_enter(ctx))
		xor_avx2_2(ctx->bytes, dst, src);
	else
		xor_sse_2(ctx->bytes, dst, src);
	xor_fpu_leave(ctx);
}

static void poll_nofault_enter(void)
{
	preempt_disable();
	pagefault_disable();
}

int lite_peek_user_word(const u32 __user *uaddr, u32 *val)
{
	int ret;

	poll_nofault_enter();
	ret = __get_user(*val, uaddr);
	pagefault_enable();
	preempt_enable();
	return ret ? -EFAULT : 0;
}
