// SPDX-License-Identifier: GPL-2.0
/*
 * blackfin's boot: paging_init() sets KERNEL_DS for the boot task for
 * good, then setup_arch() checks link-time layout constants with BUG_ON().
 * Both run once at boot in the idle task, before any user task exists: an
 * oops there leaves no user task with the limit raised.
 */
extern char fixed_code_start[], sigreturn_stub[], atomic_stub[];
#define FIXED_CODE_START 0x400
#define SIGRETURN_STUB   0x4f0
#define ATOMIC_STUB      0x510

static unsigned long memory_end;
void free_area_init_node(int nid, unsigned long *zones, unsigned long start, void *p);
void setup_bootmem_allocator(void);

void __init paging_init(void)
{
	unsigned long zones[3] = { 0, memory_end >> 12, 0 };

	set_fs(KERNEL_DS);
	free_area_init_node(0, zones, 0, NULL);
}

void __init setup_arch(char **cmdline_p)
{
	setup_bootmem_allocator();
	paging_init();
	BUG_ON(sigreturn_stub - fixed_code_start != SIGRETURN_STUB - FIXED_CODE_START);
	BUG_ON(atomic_stub - fixed_code_start != ATOMIC_STUB - FIXED_CODE_START);
}
