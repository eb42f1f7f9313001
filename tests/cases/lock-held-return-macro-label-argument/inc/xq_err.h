/* The driver's error macros: the label to jump to is the caller's argument.
 * xqCHECK jumps to it itself; xqPUT reaches the jump through xq_op_wrap, whose
 * own parameter is called `err` (as the kernel's unsafe_op_wrap is). */
#define xqCHECK(cond, label) \
	do { \
		if (cond) \
			goto label; \
	} while (0)

#define xq_op_wrap(op, err) do { if (unlikely(op)) goto err; } while (0)
#define xqPUT(x, p, e) xq_op_wrap(xq_put(x, p), e)
