// SPDX-License-Identifier: GPL-2.0
/*
 * The failure label retakes the lock only under a condition that does not
 * cover the path to it: reached through `#ifdef CONFIG_KDS`, `#if
 * defined(CONFIG_MALI_DMA_FENCE) && defined(CONFIG_KDS)` may be false, and
 * the common release runs a second time.
 */
struct mm_struct { struct rw_semaphore mmap_sem; };
struct atom { int n; };
int kds_setup(struct atom *a);

int pre_external_resources(struct mm_struct *mm, struct atom *a)
{
	int err = 0;

	down_read(&mm->mmap_sem);
	if (a->n < 0) {
		err = -EINVAL;
		goto failed_loop;
	}
	up_read(&mm->mmap_sem);
#ifdef CONFIG_KDS
	if (kds_setup(a))
		goto failed_kds_setup;
#endif
	return 0;

failed_kds_setup:
#if defined(CONFIG_MALI_DMA_FENCE) && defined(CONFIG_KDS)
	down_read(&mm->mmap_sem);
	err = -ENOMEM;
#endif
failed_loop:
	up_read(&mm->mmap_sem); /* expect: lock-release-unheld */
	return err;
}
