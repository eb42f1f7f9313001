// SPDX-License-Identifier: GPL-2.0
/*
 * A lock and its release under the same #if, a label between them
 * (rtl8188eu's issue_beacon: `_issue_bcn:` right before the second
 * `#if`).  The grammar wants a statement after a label, so the group used
 * to be flattened as if its condition held, and the path that skipped the
 * lock released it.  Each #if is decided once per path: nothing to report.
 */
struct frame { int len; };
struct mlme { spinlock_t bcn_lock; int update_bcn; };
struct frame *alloc_frame(void);
void xmit(struct frame *f);

void send_beacon(struct mlme *m, int rate_len)
{
	struct frame *f = alloc_frame();

	if (f == NULL)
		return;
#if defined(CONFIG_DRV_AP_MODE)
	spin_lock_bh(&m->bcn_lock);
#endif
	if (rate_len > 8)
		goto issue;
	f->len++;
issue:
#if defined(CONFIG_DRV_AP_MODE)
	m->update_bcn = 0;
	spin_unlock_bh(&m->bcn_lock);
#endif
	xmit(f);
}
