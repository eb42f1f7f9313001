/* case: lock-unbalanced must not fire: the lock and the unlock sit under the same test of a call the walk cannot prove constant (static_branch_unlikely(), a feature test): XDP transmit paths lock only when queues are shared */
/* args: -Wlock-unbalanced */
#include <linux/spinlock.h>
#include <linux/jump_label.h>

DEFINE_STATIC_KEY_FALSE(nic_xdp_locking_key);

struct nic_ring {
	spinlock_t tx_lock;
	u32 prod;
};

int nic_xdp_xmit(struct nic_ring *ring, int n)
{
	int i, sent = 0;

	if (static_branch_unlikely(&nic_xdp_locking_key))
		spin_lock(&ring->tx_lock);
	for (i = 0; i < n; i++) {
		if (ring->prod == 0xffff)
			break;
		ring->prod++;
		sent++;
	}
	if (static_branch_unlikely(&nic_xdp_locking_key))
		spin_unlock(&ring->tx_lock);
	return sent;
}
