/* The module's compatibility header: the nofault string read is a macro
 * whose meaning depends on the kernel it is built for (KernelSU's
 * kernel_compat.h until 2023). */
#include <linux/version.h>

#if LINUX_VERSION_CODE >= KERNEL_VERSION(5, 8, 0)
#define mod_strncpy_nofault strncpy_from_user_nofault
#elif LINUX_VERSION_CODE >= KERNEL_VERSION(5, 3, 0)
#define mod_strncpy_nofault strncpy_from_unsafe_user
#else
#define mod_strncpy_nofault probe_kernel_read
#endif

/* a plain rename of a routine that checks its pointer */
#define mod_copy_in copy_from_user

int mod_match(const char *path);
