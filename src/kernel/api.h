/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kernel/ — what addrlimit knows about the kernel, as data: the API table
 * (api.def: every name with its roles), the entry-point kinds (entry.c) and
 * the paired-state rules (rules.c).  Stages ask here what a name means and
 * never spell a kernel API themselves.  May call util/ only.
 *
 * The API table: one line per name in api.def.  Look-ups are by byte range
 * (names come straight from the parse) and cost one hash probe.
 */
#ifndef ADDRLIMIT_API_H
#define ADDRLIMIT_API_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* What a name does.  A name may carry several. */
enum api_role {
	A_LIMIT_SET = 1u << 0,		/* set_fs(v): the limit becomes v */
	A_LIMIT_GET = 1u << 1,		/* get_fs(): the limit now */
	A_LIMIT_KERNEL = 1u << 2,	/* denotes KERNEL_DS (KERNEL_DS, get_ds()) */
	A_LIMIT_USER = 1u << 3,		/* denotes USER_DS */
	A_LIMIT_FORCE_BEGIN = 1u << 4,	/* raises to USER_DS's successor; returns the old limit */
	A_LIMIT_FORCE_END = 1u << 5,	/* force_uaccess_end(old): restores old */
	A_LIMIT_IS_KERNEL = 1u << 6,	/* a test that is true under KERNEL_DS */
	A_LIMIT_COMPARE = 1u << 7,	/* segment_eq(a, b) */
	A_LIMIT_TYPE = 1u << 8,		/* the type of a saved limit */
	A_PINNED = 1u << 9,		/* its meaning is the kernel's whatever a tree defines */
	A_VITAL = 1u << 10,		/* losing it to a parse error changes the analysis */
	A_NORETURN = 1u << 11,		/* never returns */
	A_BUG_ON = 1u << 12,		/* never returns when its one argument is true */
	A_PURE = 1u << 13,		/* same value each time within one call of a function */
	A_UACCESS_UNSAFE = 1u << 14,	/* an out-of-line call objtool rejects in a user_access window */
	A_TAINT_LOAD = 1u << 15,	/* loads its first argument from the user pointer */
	A_UA_GET = 1u << 16,		/* get_user-style: loads a value, not a buffer */
	A_NEEDS_LIMIT = 1u << 17,	/* a set_fs() window exists for it (--fix) */
	A_FIX_ALT = 1u << 18,		/* the first variant of its rewrite (enum api_fix) */
	A_ERR_PTR = 1u << 19,		/* returns a pointer or ERR_PTR(-E...), never NULL */
	A_ERR_TEST = 1u << 20,		/* tests its argument for an error pointer (IS_ERR) */
	A_DEREF_ARG0 = 1u << 21,	/* dereferences its first argument (a struct file) */
	A_LIMIT_USER_CHECK = 1u << 22,	/* the limit's check on the return to user mode */
	A_EXIT_PATH = 1u << 23,		/* where a task ends (an oops too): must reset the limit */
	A_KDS_GUARD = 1u << 24,		/* a handler that calls it refuses callers other than
					 * the opener's task (kernel_write() under KERNEL_DS) */
	A_USER_PTR_SOURCE = 1u << 25,	/* turns its first argument into a user pointer
					 * (compat_ptr): a user value stays one through it */
	A_USER_PTR_ALLOC = 1u << 26,	/* returns user memory (compat_alloc_user_space):
					 * user space can rewrite what is stored there */
	A_UREG_READ = 1u << 27,		/* reads an address out of the register frame that
					 * is its first argument (instruction_pointer) */
	A_UREG_FIELD = 1u << 28,	/* a field of the register frame holding an address
					 * (regs->ARM_pc, regs->sp, regs->regs[29]) */
	A_UREG_TYPE = 1u << 29,		/* the register frame's struct tag (pt_regs) */
	A_USER_MODE_TEST = 1u << 30,	/* true when its register frame came from user mode */
	A_ASSERT = 1u << 31,		/* warns when its first argument is true: the author
					 * states it is not (WARN_ON(user_mode(regs))) */
	A_MM_BORROW = 1ull << 32,	/* lends a kernel thread a user's mm, not its limit (use_mm) */
	A_MM_RETURN = 1ull << 33,	/* gives the borrowed mm back (unuse_mm) */
	A_ITER_COPY = 1ull << 34,	/* copies to or from an iov_iter (user memory for a
					 * user iterator): copy_to_iter */
	A_RANGE_CHECK = 1ull << 35,	/* access_ok(): true only for a user range while the
					 * limit is USER_DS (its pointer is the last but one
					 * argument; VERIFY_* form or not) */
	A_KDS_ACCESS = 1ull << 38,	/* raises the limit to KERNEL_DS itself around its
					 * access of its user_args pointer (probe_kernel_read
					 * before 5.8): a user address given to it reaches
					 * kernel memory whatever the caller's limit */
	A_NONNEG = 1ull << 39,		/* returns a length, never negative (scnprintf,
					 * strlen): `if (len < 0)` after one is no path */
	A_BOOT = 1ull << 37,		/* runs once at boot, in the idle task before any user
					 * task exists (start_kernel, setup_arch): an oops
					 * there leaves no user task with the limit raised */
	A_CHECKED_UACCESS = 1ull << 36,	/* a uaccess routine that checks its user pointer
					 * against the limit first and returns 0 only when
					 * the whole copy succeeded (copy_from_user,
					 * get_user; not the __ forms): it passed an
					 * access_ok() of that pointer */
	A_KMODE_MARK = 1ull << 44,	/* true only for a trap taken in kernel mode: a
					 * status-register bit or mode value (`regs->sr &
					 * PS_S`, `mode == SVC_MODE`) or a test (kernel_mode(),
					 * in_interrupt(): interrupt handlers run in kernel
					 * mode, so a trap taken there has kernel registers) */
	A_UMODE_MARK = 1ull << 45,	/* ... only for one taken in user mode (`regs->msr &
					 * MSR_PR`, `mode == USR_MODE`) */
	A_UACCESS_SAFE = 1ull << 40,	/* may be called with user access enabled: objtool's
					 * uaccess_safe_builtin[] and inline wrappers that
					 * call only those (kasan_check_read, instrument_*) */
	A_LOCK_EXCL = 1ull << 41,	/* takes a lock exclusively and unconditionally, a
					 * kind that does not nest: taking it again while
					 * the same task holds it deadlocks (mutex_lock,
					 * spin_lock*, down_write, write_lock*, lock_sock;
					 * not the _nested variants, read locks, RCU) */
	A_KTHREAD_FN = 1ull << 46,	/* the function named among its arguments runs in a
					 * kernel thread or a workqueue worker (kthread_run,
					 * INIT_WORK): it never returns to user mode, and
					 * before 5.10 starts with KERNEL_DS */
	A_UADDR_FIELD = 1ull << 47,	/* a field that always holds an address in user
					 * space: a VMA's bounds, an mm's layout
					 * (vma->vm_start, mm->arg_start) */
	A_MACHINE_END = 1ull << 51,	/* restarts, halts or powers off the machine: never
					 * returns, but no task dies (no do_exit() with the
					 * limit raised): not an oops */
	A_OOPS_STOPPED = 1ull << 50,	/* oopses a kernel-mode frame and returns non-zero
					 * only when a debugger's die notifier stopped the
					 * oops (ia64's die_if_kernel()): `if (f(...))
					 * return;` is no path */
	A_UOBJ_FOLLOW = 1ull << 49,	/* a syscall made in-kernel whose native code follows
					 * the pointer fields of the object given as its
					 * user-pointer argument (setsockopt's sock_fprog,
					 * sendmsg's msghdr); others keep them as values
					 * (rt_sigqueueinfo's si_addr) */
	A_EXEC = 1ull << 48,		/* runs a new program: where it succeeds (returns
					 * zero) the exec has set the limit to USER_DS
					 * (flush_old_exec), where it fails the limit is
					 * the caller's */
	A_NEW_CONTEXT = 1ull << 42,	/* starts code that runs in another context (a
					 * kernel thread, a work item, a timer, a tasklet):
					 * a semaphore taken before it may be that code's to
					 * give back (dvb_frontend_start() and its kthread) */
};

/* The family of the address limit: any of these makes a name the limit's. */
#define A_LIMIT_ANY (A_LIMIT_SET | A_LIMIT_GET | A_LIMIT_KERNEL | A_LIMIT_USER | \
		     A_LIMIT_FORCE_BEGIN | A_LIMIT_FORCE_END | A_LIMIT_IS_KERNEL | \
		     A_LIMIT_COMPARE | A_LIMIT_TYPE)
/* Names that can make the limit KERNEL_DS (or test for it). */
#define A_LIMIT_RAISING (A_LIMIT_KERNEL | A_LIMIT_IS_KERNEL | A_LIMIT_FORCE_BEGIN)

/* How --fix rewrites a call inside a window; A_FIX_ALT selects:
 * KERNEL_RW read, STAT stat (not lstat), READV readv, MSG send, GETPUT get,
 * COPY to user. */
enum api_fix {
	FX_NONE,	/* not rewritten by name */
	FX_KERNEL_RW,	/* vfs_read/vfs_write → kernel_read/kernel_write */
	FX_STAT,	/* vfs_stat → kern_path + vfs_getattr */
	FX_READV,	/* vfs_readv → kvec + iov_iter */
	FX_MSG,		/* sock_sendmsg → kernel_sendmsg */
	FX_SETSOCKOPT,	/* → typed helpers / sockptr_t */
	FX_GETPUT,	/* get_user on a kernel address → plain access */
	FX_COPY,	/* copy_*_user on kernel memory → memcpy */
	FX_CANNOT,	/* known, and not rewritten mechanically */
	FX_SYS_STAT,	/* sys_stat/sys_newstat made from the kernel: the advice
			 * names kern_path() + vfs_getattr() */
	FX_SYS_OPEN,	/* sys_open: the advice names filp_open() */
	FX_SYS_RW,	/* sys_read/sys_write (alt: read): kernel_read/kernel_write */
};

/* Substrings a scan looks for without tokenising (api.def's API_SUBSTR). */
enum api_substr_kind {
	SUB_LIMIT,	/* text that touches the address limit */
	SUB_CRITICAL,	/* words normalisation must not lose */
};

struct api {
	const char *name;	/* NUL-terminated */
	uint32_t len;		/* strlen(name) */
	uint64_t roles;		/* enum api_role bits (64: the table outgrew 32) */
	uint32_t user_args;	/* bit i: argument i is a user pointer */
	enum api_fix fix;
};

/* The entry for name[0, len), or NULL.  name may be NULL (then NULL). */
const struct api *api_lookup(const char *name, size_t len);

/* Does name[0, len) carry any of the roles? */
static inline bool api_is(const char *name, size_t len, uint64_t roles)
{
	const struct api *a = api_lookup(name, len);
	return a && (a->roles & roles);
}

/* The same for a NUL-terminated name. */
bool api_is_str(const char *name, uint64_t roles);

/* The substrings of one kind, NULL-terminated (static storage). */
const char *const *api_substrs(enum api_substr_kind kind);

/* Does s[0, n) contain a substring of the kind?  A SUB_LIMIT one counts
 * only where a name ends with it or, for a prefix (force_uaccess_), where
 * a name or a part after an underscore starts with it (api_has_part):
 * set_fs, my_set_fs, force_uaccess_begin; not offset_fsb (xfs),
 * set_fs_root or btrfs_set_fs_incompat.  A wrapper function of another
 * name is found through the call graph, as any function that changes the
 * limit. */
bool api_has_substr(const char *s, size_t n, enum api_substr_kind kind);
/* Does s[0, n) hold sub[0, m) with no letter or digit right before it
 * and, unless sub ends in '_', no letter, digit or '_' right after it? */
bool api_has_part(const char *s, size_t n, const char *sub, size_t m);

/* Does name[0, len) match an API_MACRO row of api.def (a macro or header
 * inline known by what it calls)?  Then *to is what it calls out of line,
 * for a message, or NULL when it compiles to no call. */
bool api_expands(const char *name, size_t len, const char **to);

/* Every entry, for iteration (tests, --list, documentation). */
const struct api *api_table(size_t *n);

#endif
