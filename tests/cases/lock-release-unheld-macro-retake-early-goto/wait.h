/* a statement-expression macro that drops the caller's socket lock to
 * sleep and takes it again (the shape of sk_wait_event() in net/sock.h) */
#include <net/sock.h>

#define sk_wait_cond(__sk, __timeo, __condition, __wait)		\
	({	int __rc;						\
		release_sock(__sk);					\
		__rc = __condition;					\
		if (!__rc)						\
			*(__timeo) = wait_woken(__wait, TASK_INTERRUPTIBLE, *(__timeo)); \
		lock_sock(__sk);					\
		__rc = __condition;					\
		__rc;							\
	})
