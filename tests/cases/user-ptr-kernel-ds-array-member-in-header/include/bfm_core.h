/* The ioctl's argument, as a vendor header declares it. */
#ifndef BFM_CORE_H
#define BFM_CORE_H

#define BFM_PATH_SIZE 1024

struct bfm_boot_fail_info {
	unsigned int boot_fail_no;
	int suggested_recovery_method;
	char log_path[BFM_PATH_SIZE];
	char __user *dump_path;
};

#endif
