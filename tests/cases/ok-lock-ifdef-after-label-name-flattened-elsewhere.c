// SPDX-License-Identifier: GPL-2.0
/*
 * rtl8188eu's issue_beacon as the vendor trees have it: an earlier
 * function splits an `if ... else` with `#ifdef CONFIG_DRV_AP_MODE` (the
 * `} else` inside the group), which the grammar cannot read, so that group
 * is flattened as if its condition held.  The group after the label
 * `_issue_bcn:` tests the same name and is flattened with it; the group
 * that takes the lock, read as written, must be decided the same way, or
 * the path that skips the lock releases it.  Nothing to report.
 */
struct frame { int len; };
struct mlme { spinlock_t bcn_lock; int update_bcn; int state; };
struct frame *alloc_frame(void);
void xmit(struct frame *f);
void start_ap(struct mlme *m);
void start_sta(struct mlme *m);

void join(struct mlme *m)
{
#ifdef CONFIG_DRV_AP_MODE
	if (m->state == 3) {
		start_ap(m);
	} else
#endif
	{
		start_sta(m);
	}
}

void send_beacon(struct mlme *m, int rate_len)
{
	struct frame *f = alloc_frame();

	if (f == NULL)
		return;
#if defined (CONFIG_DRV_AP_MODE)
	spin_lock_bh(&m->bcn_lock);
#endif /* if defined (CONFIG_DRV_AP_MODE) */
	if (rate_len > 8)
		goto _issue_bcn;
	f->len++;
_issue_bcn:

#if defined (CONFIG_DRV_AP_MODE)
	m->update_bcn = 0;
	spin_unlock_bh(&m->bcn_lock);
#endif /* if defined (CONFIG_DRV_AP_MODE) */
	xmit(f);
}
