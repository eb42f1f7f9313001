/* case: lock-unbalanced must not fire: this file defines its own X() (a store, no jump) inside the function, so a header's X() that hides a return (a header this file does not include) does not apply here (xfrm_register_type() in net/xfrm/xfrm_state.c, 6.1, took the whole tree's X() for its own) */
#include <linux/rcupdate.h>
#include <linux/errno.h>

struct afinfo {
	const void *type_comp, *type_ah;
};

struct afinfo *get_afinfo(unsigned short family);

int register_type(const void *type, int proto, unsigned short family)
{
	struct afinfo *afinfo;
	int err = 0;

	rcu_read_lock();
	afinfo = get_afinfo(family);
	if (!afinfo) {
		rcu_read_unlock();
		return -EAFNOSUPPORT;
	}

#define X(afi, T, name) do {			\\
		WARN_ON((afi)->type_ ## name);	\\
		(afi)->type_ ## name = (T);	\\
	} while (0)

	switch (proto) {
	case 1:
		X(afinfo, type, comp);
		break;
	case 2:
		X(afinfo, type, ah);
		break;
	default:
		WARN_ON(1);
		err = -EPROTONOSUPPORT;
		break;
	}
#undef X
	rcu_read_unlock();
	return err;
}
