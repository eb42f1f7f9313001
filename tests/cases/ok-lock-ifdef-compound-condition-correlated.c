// SPDX-License-Identifier: GPL-2.0
/*
 * Mali's kbase_jd_pre_external_resources(): mmap_sem is released before
 * the KDS setup, and its failure label takes it again under `#if
 * defined(CONFIG_KDS) || defined(CONFIG_MALI_DMA_FENCE)` before the common
 * release.  A path that reached the label through `#ifdef CONFIG_KDS` has
 * the compound condition true: it retakes the lock, no second release.
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
#if defined(CONFIG_KDS) || defined(CONFIG_MALI_DMA_FENCE)
	down_read(&mm->mmap_sem);
	err = -ENOMEM;
#endif
failed_loop:
	up_read(&mm->mmap_sem);
	return err;
}
