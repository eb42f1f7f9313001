/* case: a 32-bit compat setsockopt converts the user's program descriptor into a kernel one whose insns field is compat_ptr() of the user's 32-bit address, then hands the kernel copy by pointer as optval to sys_setsockopt() under KERNEL_DS: the native code copies the descriptor from "user" memory and follows insns with the limit raised; a second conversion builds its table on the heap and passes that; each call is reported, the conversion whose object holds only values is not */
#include <linux/kernel.h>
#include <linux/compat.h>
#include <linux/slab.h>
#include <linux/syscalls.h>
#include <linux/uaccess.h>

struct prog_desc {
	unsigned short count;
	void __user *insns;
};

struct prog_desc32 {
	u16 count;
	compat_uptr_t insns;
};

struct table_desc {
	unsigned int entries;
	void __user *counters;
};

struct table_desc32 {
	u32 entries;
	compat_uptr_t counters;
};

struct ttl_desc {
	int ttl;
	int hops;
};

static int set_prog32(int fd, int level, int name, char __user *optval, int optlen)
{
	struct prog_desc32 __user *up = (struct prog_desc32 __user *)optval;
	struct prog_desc kd;
	compat_uptr_t addr;
	mm_segment_t saved;
	int err;

	if (get_user(kd.count, &up->count) || get_user(addr, &up->insns))
		return -EFAULT;
	kd.insns = compat_ptr(addr);
	saved = get_fs();
	set_fs(KERNEL_DS);
	err = sys_setsockopt(fd, level, name, (char __user *)&kd, sizeof(kd)); /* expect: user-ptr-kernel-ds */
	set_fs(saved);
	return err;
}

static int set_table32(int fd, int level, int name, char __user *optval, int optlen)
{
	struct table_desc32 __user *up = (struct table_desc32 __user *)optval;
	struct table_desc *kt;
	compat_uptr_t addr;
	mm_segment_t saved;
	int err;

	kt = kzalloc(sizeof(*kt), GFP_KERNEL);
	if (!kt)
		return -ENOMEM;
	if (get_user(kt->entries, &up->entries) || get_user(addr, &up->counters)) {
		kfree(kt);
		return -EFAULT;
	}
	kt->counters = compat_ptr(addr);
	saved = get_fs();
	set_fs(KERNEL_DS);
	err = sys_setsockopt(fd, level, name, (char __user *)kt, sizeof(*kt)); /* expect: user-ptr-kernel-ds */
	set_fs(saved);
	kfree(kt);
	return err;
}

static int set_ttl32(int fd, int level, int name, char __user *optval, int optlen)
{
	struct ttl_desc kd;
	mm_segment_t saved;
	int err;

	if (get_user(kd.ttl, (int __user *)optval) || get_user(kd.hops, (int __user *)optval + 1))
		return -EFAULT;
	saved = get_fs();
	set_fs(KERNEL_DS);
	err = sys_setsockopt(fd, level, name, (char __user *)&kd, sizeof(kd));
	set_fs(saved);
	return err;
}

asmlinkage long compat_sys_setsockopt(int fd, int level, int name, char __user *optval, int optlen)
{
	if (name == 1)
		return set_prog32(fd, level, name, optval, optlen);
	if (name == 2)
		return set_table32(fd, level, name, optval, optlen);
	if (name == 3)
		return set_ttl32(fd, level, name, optval, optlen);
	return sys_setsockopt(fd, level, name, optval, optlen);
}
