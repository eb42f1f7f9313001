/* case: a KVM-style VM ioctl enters an SRCU read section with idx = srcu_read_lock(&vm->srcu) and returns -EINVAL when the memslot lookup fails without srcu_read_unlock(&vm->srcu, idx) */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/srcu.h>
#include <linux/uaccess.h>

#define HVM_SET_DIRTY_LOG	_IOW('h', 0x10, struct hvm_dirty_log)
#define HVM_GET_SLOT_FLAGS	_IOWR('h', 0x11, struct hvm_dirty_log)

struct hvm_dirty_log {
	__u32 slot;
	__u32 flags;
};

struct hvm_memslot {
	u64 base_gfn;
	u64 npages;
	u32 flags;
};

struct hvm_vm {
	struct srcu_struct srcu;
	struct hvm_memslots __rcu *slots;
};

struct hvm_memslot *hvm_id_to_memslot(struct hvm_vm *vm, u32 id);
int hvm_arch_sync_dirty(struct hvm_vm *vm, struct hvm_memslot *slot);

static long hvm_vm_ioctl(struct file *filp, unsigned int ioctl, unsigned long arg)
{
	struct hvm_vm *vm = filp->private_data;
	void __user *argp = (void __user *)arg;
	struct hvm_memslot *slot;
	struct hvm_dirty_log log;
	int idx, r;

	if (ioctl != HVM_SET_DIRTY_LOG && ioctl != HVM_GET_SLOT_FLAGS)
		return -ENOTTY;
	if (copy_from_user(&log, argp, sizeof(log)))
		return -EFAULT;

	idx = srcu_read_lock(&vm->srcu);
	slot = hvm_id_to_memslot(vm, log.slot);
	if (!slot || !slot->npages)
		return -EINVAL; /* expect: lock-held-return */

	if (ioctl == HVM_GET_SLOT_FLAGS) {
		log.flags = slot->flags;
		srcu_read_unlock(&vm->srcu, idx);
		return copy_to_user(argp, &log, sizeof(log)) ? -EFAULT : 0;
	}
	slot->flags = log.flags;
	r = hvm_arch_sync_dirty(vm, slot);
	srcu_read_unlock(&vm->srcu, idx);
	return r;
}

static const struct file_operations hvm_vm_fops = {
	.unlocked_ioctl	= hvm_vm_ioctl,
	.llseek		= noop_llseek,
};
