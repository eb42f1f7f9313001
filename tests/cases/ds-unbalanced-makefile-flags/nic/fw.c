// SPDX-License-Identifier: GPL-2.0
/*
 * The folder above gives `-DCHIP_A` in every build (ccflags-y outside any
 * ifeq), so only the CHIP_A arms are compiled, as with -DCHIP_A on the
 * command line; the names it gives only under a condition (CHIP_B inside
 * ifeq, DRV_TRACE through ccflags-$(CONFIG_...), DRV_LEVEL's value made by
 * make) decide nothing, and both arms are analysed.  -UDRV_FAST (on a
 * continuation line) undefines DRV_FAST.
 */
struct adapter { int state; };
int load_fw(struct adapter *a);

/* restored in the CHIP_A arm; the other arm is compiled by no build */
int fw_start(struct adapter *a)
{
	mm_segment_t old_fs = get_fs();

	set_fs(KERNEL_DS);
	load_fw(a);
#if defined(CHIP_A) || defined(CHIP_OLD)
	set_fs(old_fs);
#else
	a->state = 1;
#endif
	return 0;
}

/* CHIP_B only when CONFIG_DRV_DEBUG is y: that arm leaves it raised */
int fw_stop(struct adapter *a)
{
	mm_segment_t old_fs = get_fs();

	set_fs(KERNEL_DS);
	if (load_fw(a)) {
#ifdef CHIP_B
		a->state = 0;
		return -1; /* expect: ds-unbalanced */
#endif
	}
	set_fs(old_fs);
	return 0;
}

int fw_reset(struct adapter *a)
{
	mm_segment_t old_fs = get_fs();

	set_fs(KERNEL_DS);
	if (load_fw(a)) {
#ifdef DRV_TRACE
		return -2; /* expect: ds-unbalanced */
#endif
	}
#if DRV_LEVEL > 1
	if (a->state)
		return -3; /* expect: ds-unbalanced */
#endif
	set_fs(old_fs);
	return 0;
}

/* DRV_LOG is 0 in one arm of the ifeq only: not known */
int fw_log(struct adapter *a)
{
	mm_segment_t old_fs = get_fs();

	set_fs(KERNEL_DS);
#if DRV_LOG
	if (load_fw(a))
		return -4; /* expect: ds-unbalanced */
#endif
	set_fs(old_fs);
	return 0;
}

/* undefined by -UDRV_FAST: the arm that leaves it raised is not compiled */
int fw_fast(struct adapter *a)
{
	mm_segment_t old_fs = get_fs();

	set_fs(KERNEL_DS);
#ifdef DRV_FAST
	if (load_fw(a))
		return -5;
#endif
	set_fs(old_fs);
	return 0;
}

/* after an undecided arm, `#elif defined(CHIP_A)` is what is left when the
 * first fails (an #else), and the arm after it is compiled by no build: no
 * path goes through neither arm */
int fw_init(struct adapter *a)
{
	mm_segment_t old_fs = get_fs();

	set_fs(KERNEL_DS);
#if defined(CHIP_X)
	load_fw(a);
	set_fs(old_fs);
#elif defined(CHIP_A)
	set_fs(old_fs);
#elif defined(CHIP_Z)
	a->state = 3;
#endif
	return 0;
}

/* ... but the undecided arm before it is still a path */
int fw_exit(struct adapter *a)
{
	mm_segment_t old_fs = get_fs();

	set_fs(KERNEL_DS);
#if defined(CHIP_X)
	if (load_fw(a))
		return -6; /* expect: ds-unbalanced */
	set_fs(old_fs);
#elif defined(CHIP_A)
	set_fs(old_fs);
#endif
	return 0;
}
