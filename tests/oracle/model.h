/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The oracle's control interface: how the driver describes an entry
 * point, asks the model to run one simulated system call in the current
 * (freshly forked) process under a fault schedule, and reads back what
 * happened on the way back to user mode.  Kernel-side code never uses
 * this header; it sees only oracle/kernel.h.  This header needs no
 * kernel types, so the driver can include it beside the C library's.
 */
#ifndef ORACLE_MODEL_H
#define ORACLE_MODEL_H

#include <stddef.h>

/* How user space reaches an entry point. */
enum oracle_route {
	OR_SYSCALL,		/* a SYSCALL_DEFINE'd call, through its registered stub */
	OR_PLAIN_SYSCALL,	/* a plain sys_* function, through a table-style stub */
	OR_READ,		/* read(2) on the device file: f_op->read */
	OR_WRITE,		/* write(2): f_op->write */
	OR_IOCTL,		/* ioctl(2): f_op->unlocked_ioctl */
	OR_COMPAT_IOCTL,	/* 32-bit ioctl(2): f_op->compat_ioctl */
	OR_OPEN,		/* open(2) of the device node: f_op->open */
	OR_RELEASE,		/* close(2) of the last reference: f_op->release */
	OR_LLSEEK,		/* lseek(2): f_op->llseek */
	OR_ATTR_SHOW,		/* read(2) of a sysfs attribute: ->show */
	OR_ATTR_STORE,		/* write(2) of a sysfs attribute: ->store */
};

/* One entry point of a case, as the generated harness describes it. */
struct oracle_entry {
	const char *name;		/* the function the analyzer names */
	int route;			/* enum oracle_route */
	const void *ops;		/* file_operations, proc_ops or device_attribute it is reached through */
	int ops_is_proc;		/* ops is a struct proc_ops */
	const void *syscall;		/* OR_SYSCALL: its struct oracle_syscall */
	long (*plain)(const unsigned long *args);	/* OR_PLAIN_SYSCALL: the stub */
	const char *plain_args;		/* OR_PLAIN_SYSCALL: 'i' or 'p' per parameter */
};

/* A file the case wants in the in-memory file system. */
struct oracle_file {
	const char *path;
	const char *data;
	size_t len;
};

/* Everything the harness generated for one case. */
struct oracle_case {
	const struct oracle_entry *entries;
	int nentries;
	const unsigned long *values;	/* extra integers to try (ioctl commands, flags) */
	int nvalues;
	const char *const *strings;	/* contents to put in user buffers */
	const size_t *string_lens;	/* their lengths (they may hold NULs) */
	int nstrings;
	const struct oracle_file *files;
	int nfiles;
};
extern const struct oracle_case oracle_case;

/*
 * Fault sites: X(id, name, failure modes, name of mode 1, name of mode 2).
 * Every call of a fallible service counts once; the k-th such call of a
 * run is "call k" of the fault schedule.  User-memory accesses count only
 * when they touch the user range: a kernel buffer cannot fault.
 */
#define ORACLE_SITES(X)								\
	X(KMALLOC, "kmalloc", 1, "NULL", "")					\
	X(COPY_FROM_USER, "copy_from_user", 1, "fault", "")			\
	X(COPY_TO_USER, "copy_to_user", 1, "fault", "")				\
	X(GET_USER, "get_user", 1, "fault", "")					\
	X(PUT_USER, "put_user", 1, "fault", "")					\
	X(STRNCPY_FROM_USER, "strncpy_from_user", 1, "fault", "")		\
	X(CLEAR_USER, "clear_user", 1, "fault", "")				\
	X(FILP_OPEN, "filp_open", 1, "-ENOENT", "")				\
	X(FILE_READ, "file read", 2, "-EIO", "short")				\
	X(FILE_WRITE, "file write", 2, "-ENOSPC", "short")			\
	X(FGET, "fget", 1, "NULL", "")						\
	X(MUTEX_INTR, "mutex_lock_interruptible", 1, "-EINTR", "")		\
	X(I2C, "i2c transfer", 1, "-EIO", "")					\
	X(FIRMWARE, "request_firmware", 1, "-ENOENT", "")			\
	X(CAPABLE, "capable", 1, "false", "")					\
	X(WAIT, "wait_for_completion", 1, "timeout", "")			\
	X(SIGNAL, "signal_pending", 1, "true", "")

enum oracle_site {
#define X(id, name, modes, m1, m2) OS_##id,
	ORACLE_SITES(X)
#undef X
	OS_NSITES
};
extern const char *const oracle_site_name[OS_NSITES];
extern const int oracle_site_modes[OS_NSITES];
const char *oracle_mode_name(int site, int mode);

#define ORACLE_MAX_CALLS	64	/* fallible calls remembered per run */
#define ORACLE_MAX_FAULTS	8	/* faults per schedule */

struct oracle_fault {
	int at;		/* fail the at-th fallible call of the run (1-based) */
	int mode;	/* 1..oracle_site_modes[site] */
};
struct oracle_schedule {
	int n;
	struct oracle_fault f[ORACLE_MAX_FAULTS];
};

/* How the simulated process ended. */
enum oracle_end {
	OE_RETURNED,	/* back in user mode */
	OE_VIOLATION,	/* a return-to-user check found the limit raised and killed it */
	OE_OOPS,	/* BUG()/BUG_ON() or a fault in kernel code */
	OE_PANIC,	/* panic() */
	OE_EXIT,	/* do_exit() */
	OE_LIVELOCK,	/* too many fallible calls: a loop that does not end */
	OE_INIT,	/* the module's init failed: nothing was called */
};

enum oracle_check {
	OC_NONE,
	OC_WRAPPER,	/* the generic check in the syscall wrapper, via addr_limit_check_failed() */
	OC_EXIT_PATH,	/* addr_limit_user_check() on the exit path (TIF_FSCHECK) */
};

/* What one run observed; written by the child into shared memory. */
struct oracle_result {
	int end;			/* enum oracle_end */
	int check;			/* enum oracle_check that fired, for OE_VIOLATION */
	long ret;			/* return value seen by user mode, for OE_RETURNED */
	int ghost_leak;			/* returned to user mode with the limit raised: no check caught it */
	int raised_at_end;		/* the limit was raised when the task ended (oops in the window) */
	int kptr_read;			/* a uaccess routine read the victim region */
	int kptr_write;			/* the victim region was written */
	int kptr_raised;		/* ... by a uaccess routine while the limit was raised */
	int ncalls;			/* fallible calls made */
	unsigned char site[ORACLE_MAX_CALLS];	/* enum oracle_site of each */
	char where[128];		/* for oopses: where and what */
};

/* An argument value: the driver chooses, the child materialises. */
enum oracle_val_kind {
	OV_INT,		/* the integer v */
	OV_USER,	/* a buffer in the user arena holding strings[str] */
	OV_VICTIM,	/* a pointer into the kernel arena's victim region */
};
struct oracle_val {
	int kind;
	unsigned long v;
	int str;
};

/*
 * Parameter classes of an entry, one letter each, into classes (at most
 * 6): 'i' integer, 'p' user pointer, 'c' ioctl command, 'a' ioctl
 * argument, 'n' byte count, 's' sysfs store contents, 'o' file offset,
 * 'w' seek origin.  Returns the number of parameters, -1 if the entry
 * cannot be driven.
 */
int oracle_entry_params(const struct oracle_entry *e, char *classes);

/* Parent, once: map the arenas, build the file system.  0 or -1. */
int oracle_model_boot(const struct oracle_case *c, char *why, size_t whylen);

/*
 * Child: one simulated process.  Runs the module's init, then the entry
 * point through its system call under the schedule, then the return to
 * user mode, and fills in r.  Returns normally in every case, including
 * a violation, an oops or a fault in the case's code.
 */
void oracle_model_run(const struct oracle_entry *e, const struct oracle_val *args, int nargs,
		      const struct oracle_schedule *s, struct oracle_result *r);

/* A pt_regs-style system call: the stub, then the exit path. */
long oracle_do_syscall(long (*call)(const unsigned long *args), const unsigned long *args);

/* oracle_os.c: the host system, kept out of the kernel-named files. */
void *oracle_os_map_fixed(unsigned long addr, unsigned long size);
void *oracle_os_map_shared(unsigned long size);
/* Run fn(arg) in a child process; 0 if it exited with status 0, else -1
 * and why (a signal, a time-out, an exit status). */
int oracle_os_run_child(void (*fn)(void *), void *arg, unsigned int timeout_s,
			char *why, size_t whylen);
/* Send SIGSEGV and SIGBUS to handler, on an alternate stack. */
void oracle_os_catch_faults(void (*handler)(int sig));
const char *oracle_os_getenv(const char *name);

#endif /* ORACLE_MODEL_H */
