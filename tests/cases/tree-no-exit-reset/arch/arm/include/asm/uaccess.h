/* arm's limit: the type and the setter (arch/arm/include/asm/uaccess.h, 2.6.36) */
#define USER_DS		TASK_SIZE
#define KERNEL_DS	0x00000000
#define get_ds()	(KERNEL_DS)
#define get_fs()	(current_thread_info()->addr_limit)

static inline void set_fs(mm_segment_t fs)
{
	current_thread_info()->addr_limit = fs;
	modify_domain(DOMAIN_KERNEL, fs ? DOMAIN_CLIENT : DOMAIN_MANAGER);
}
