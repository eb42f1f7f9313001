/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel as an oracle test case sees it: types, annotations, the
 * address limit, uaccess, VFS, allocation, locking, device and sysfs
 * glue, system-call definition and the return-to-user checks.  Every
 * <linux/...> and <asm/...> header under tests/oracle/include includes
 * this one, so a kernel-style driver compiles unchanged with gcc in user
 * space and runs against the model in tests/oracle/model.c.
 *
 * Check form, chosen at compile time with ORACLE_FORM:
 *   0  no check (CONFIG_ADDR_LIMIT_CHECK opted out, no TIF_FSCHECK)
 *   1  generic: ADDR_LIMIT_CHECK_PRE/POST in every system-call wrapper,
 *      failures go to the arch hook addr_limit_check_failed()
 *   2  flag: set_fs() sets TIF_FSCHECK, which rides in
 *      _TIF_USER_WORK_MASK on the exit path; the check itself,
 *      addr_limit_user_check(), is out of line and runs on every pass of
 *      the exit-work loop (arm64's placement)
 *   3  flag, tested once before the exit-work loop and not part of the
 *      work mask (x86's placement, 4.13 to 5.8)
 * An arch that implements a flag form defines TIF_FSCHECK and so opts
 * out of the generic wrapper check, as in the kernel.
 *
 * Only names and semantics are the kernel's; the text is written for
 * this project.
 */
#ifndef ORACLE_KERNEL_H
#define ORACLE_KERNEL_H

#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#ifndef ORACLE_FORM
#define ORACLE_FORM 1
#endif
#if ORACLE_FORM == 1
#define CONFIG_ADDR_LIMIT_CHECK 1
#endif

/* ---- compiler and annotation macros ---------------------------------- */

#define __user
#define __kernel
#define __iomem
#define __force
#define __rcu
#define __percpu
#define __bitwise
#define __safe
#define __nocast
#define __must_check
#define __init
#define __exit
#define __initdata
#define __initconst
#define __exitdata
#define __devinit
#define __devexit
#define __ref
#define __cpuinit
#define __read_mostly
#define __ro_after_init
#define __cold
#define __visible
#define __weak			__attribute__((weak))
#define __always_unused
#define __maybe_unused		__attribute__((unused))
#define __used			__attribute__((used))
#define __packed		__attribute__((packed))
#define __aligned(x)		__attribute__((aligned(x)))
#undef __always_inline
#define __always_inline		inline __attribute__((always_inline))
#define noinline		__attribute__((noinline))
#define __noreturn		__attribute__((noreturn))
#define __printf(a, b)		__attribute__((format(printf, a, b)))
#define __scanf(a, b)		__attribute__((format(scanf, a, b)))
#undef __attribute_const__
#define __attribute_const__	__attribute__((const))
#define __acquires(x)
#define __releases(x)
#define __must_hold(x)
#define __cond_lock(x, c)	(c)
#define notrace
#define asmlinkage
#define __sched
#define __latent_entropy
#define __randomize_layout
#define likely(x)		__builtin_expect(!!(x), 1)
#define unlikely(x)		__builtin_expect(!!(x), 0)
#define barrier()		__asm__ __volatile__("" ::: "memory")
#define READ_ONCE(x)		(*(const volatile __typeof__(x) *)&(x))
#define WRITE_ONCE(x, v)	(*(volatile __typeof__(x) *)&(x) = (v))
#define fallthrough		__attribute__((__fallthrough__))
#define __stringify_1(x...)	#x
#define __stringify(x...)	__stringify_1(x)
#define BUILD_BUG_ON(c)		((void)sizeof(char[1 - 2 * !!(c)]))

/* ---- types ------------------------------------------------------------ */

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;
typedef int8_t s8;
typedef int16_t s16;
typedef int32_t s32;
typedef int64_t s64;
typedef u8 __u8;
typedef u16 __u16;
typedef u32 __u32;
typedef u64 __u64;
typedef s8 __s8;
typedef s16 __s16;
typedef s32 __s32;
typedef s64 __s64;
typedef u16 __le16;
typedef u32 __le32;
typedef u64 __le64;
typedef u16 __be16;
typedef u32 __be32;
typedef u64 __be64;
typedef long ssize_t;		/* the same type as the C library's */
typedef long long loff_t;
typedef unsigned short umode_t;
typedef unsigned int fmode_t;
typedef unsigned int gfp_t;
typedef int pid_t;
typedef unsigned int uid_t;
typedef unsigned int gid_t;
typedef unsigned long dev_t;	/* the C library's width, so the two agree */
typedef unsigned int __poll_t;
typedef void *fl_owner_t;
typedef u64 sector_t;
typedef unsigned long phys_addr_t;
typedef unsigned long dma_addr_t;
typedef s64 ktime_t;

typedef u32 compat_uptr_t;
typedef s32 compat_int_t;
typedef u32 compat_uint_t;
typedef s32 compat_long_t;
typedef u32 compat_ulong_t;
typedef u32 compat_size_t;
typedef s32 compat_ssize_t;
typedef s64 compat_loff_t;
typedef u16 compat_ushort_t;
typedef s16 compat_short_t;
typedef u32 compat_caddr_t;
typedef s64 __attribute__((aligned(4))) compat_s64;
typedef u64 __attribute__((aligned(4))) compat_u64;

#define U8_MAX		((u8)~0U)
#define U16_MAX		((u16)~0U)
#define U32_MAX		((u32)~0U)
#define U64_MAX		((u64)~0ULL)
#define S8_MAX		((s8)(U8_MAX >> 1))
#define S16_MAX		((s16)(U16_MAX >> 1))
#define S32_MAX		((s32)(U32_MAX >> 1))
#define S64_MAX		((s64)(U64_MAX >> 1))
#define SIZE_MAX_K	(~(size_t)0)

/* ---- error numbers and error pointers ---------------------------------- */

#define EPERM		1
#define ENOENT		2
#define ESRCH		3
#define EINTR		4
#define EIO		5
#define ENXIO		6
#define E2BIG		7
#define ENOEXEC		8
#define EBADF		9
#define ECHILD		10
#define EAGAIN		11
#define ENOMEM		12
#define EACCES		13
#define EFAULT		14
#define EBUSY		16
#define EEXIST		17
#define EXDEV		18
#define ENODEV		19
#define ENOTDIR		20
#define EISDIR		21
#define EINVAL		22
#define ENFILE		23
#define EMFILE		24
#define ENOTTY		25
#define EFBIG		27
#define ENOSPC		28
#define ESPIPE		29
#define EROFS		30
#define EPIPE		32
#define EDOM		33
#define ERANGE		34
#define EDEADLK		35
#define ENAMETOOLONG	36
#define ENOSYS		38
#define ENOTEMPTY	39
#define ENODATA		61
#define ETIME		62
#define EPROTO		71
#define EBADMSG		74
#define EOVERFLOW	75
#define EILSEQ		84
#define EOPNOTSUPP	95
#define ENOTCONN	107
#define ETIMEDOUT	110
#define EALREADY	114
#define EINPROGRESS	115
#define ECANCELED	125
#define ERESTARTSYS	512
#define ENOIOCTLCMD	515
#define EPROBE_DEFER	517
#define ENOTSUPP	524

#define MAX_ERRNO	4095
#define IS_ERR_VALUE(x)	unlikely((unsigned long)(void *)(x) >= (unsigned long)-MAX_ERRNO)

static inline void *ERR_PTR(long error) { return (void *)error; }
static inline long PTR_ERR(const void *ptr) { return (long)ptr; }
static inline bool IS_ERR(const void *ptr) { return IS_ERR_VALUE((unsigned long)ptr); }
static inline bool IS_ERR_OR_NULL(const void *ptr) { return !ptr || IS_ERR(ptr); }
static inline void *ERR_CAST(const void *ptr) { return (void *)ptr; }
static inline int PTR_ERR_OR_ZERO(const void *ptr) { return IS_ERR(ptr) ? (int)PTR_ERR(ptr) : 0; }

/* ---- general kernel macros ---------------------------------------------- */

#define ARRAY_SIZE(a)		(sizeof(a) / sizeof((a)[0]))
#define container_of(ptr, type, member) \
	((type *)((char *)(ptr) - offsetof(type, member)))
#define min(a, b)		({ __typeof__(a) _a = (a); __typeof__(b) _b = (b); _a < _b ? _a : _b; })
#define max(a, b)		({ __typeof__(a) _a = (a); __typeof__(b) _b = (b); _a > _b ? _a : _b; })
#define min_t(t, a, b)		({ t _a = (a); t _b = (b); _a < _b ? _a : _b; })
#define max_t(t, a, b)		({ t _a = (a); t _b = (b); _a > _b ? _a : _b; })
#define clamp(v, lo, hi)	min(max(v, lo), hi)
#define clamp_t(t, v, lo, hi)	min_t(t, max_t(t, v, lo), hi)
#define clamp_val(v, lo, hi)	clamp_t(__typeof__(v), v, lo, hi)
#define swap(a, b)		do { __typeof__(a) _t = (a); (a) = (b); (b) = _t; } while (0)
#define BIT(n)			(1UL << (n))
#define BIT_ULL(n)		(1ULL << (n))
#define GENMASK(h, l)		(((~0UL) << (l)) & (~0UL >> (63 - (h))))
#define DIV_ROUND_UP(n, d)	(((n) + (d) - 1) / (d))
#define ALIGN(x, a)		(((x) + ((a) - 1)) & ~((__typeof__(x))(a) - 1))
#define IS_ALIGNED(x, a)	(((x) & ((__typeof__(x))(a) - 1)) == 0)
#define round_up(x, y)		((((x) - 1) | ((__typeof__(x))((y) - 1))) + 1)
#define PAGE_SHIFT		12
#define PAGE_SIZE		(1UL << PAGE_SHIFT)
#define PAGE_MASK		(~(PAGE_SIZE - 1))
#define SZ_1K			0x400
#define SZ_4K			0x1000
#define SZ_64K			0x10000
#define SZ_1M			0x100000
#define HZ			100
#define NSEC_PER_SEC		1000000000L
#define USEC_PER_SEC		1000000L
#define MSEC_PER_SEC		1000L
#define IS_ENABLED(option)	__oracle_is_defined(option)
#define __oracle_is_defined(x)	__oracle_is_defined2(__oracle_arg_##x)
#define __oracle_arg_1		0,
#define __oracle_is_defined2(v)	__oracle_is_defined3(v 1, 0)
#define __oracle_is_defined3(ign, val, ...) val
#define IS_BUILTIN(option)	IS_ENABLED(option)
#define IS_REACHABLE(option)	IS_ENABLED(option)

/* ---- printing and string helpers -------------------------------------- */

#define KERN_EMERG	"<0>"
#define KERN_ALERT	"<1>"
#define KERN_CRIT	"<2>"
#define KERN_ERR	"<3>"
#define KERN_WARNING	"<4>"
#define KERN_NOTICE	"<5>"
#define KERN_INFO	"<6>"
#define KERN_DEBUG	"<7>"
#define KERN_CONT	""
#ifndef pr_fmt
#define pr_fmt(fmt) fmt
#endif
int printk(const char *fmt, ...) __printf(1, 2);
#define pr_emerg(fmt, ...)	printk(KERN_EMERG pr_fmt(fmt), ##__VA_ARGS__)
#define pr_alert(fmt, ...)	printk(KERN_ALERT pr_fmt(fmt), ##__VA_ARGS__)
#define pr_crit(fmt, ...)	printk(KERN_CRIT pr_fmt(fmt), ##__VA_ARGS__)
#define pr_err(fmt, ...)	printk(KERN_ERR pr_fmt(fmt), ##__VA_ARGS__)
#define pr_warn(fmt, ...)	printk(KERN_WARNING pr_fmt(fmt), ##__VA_ARGS__)
#define pr_warning		pr_warn
#define pr_notice(fmt, ...)	printk(KERN_NOTICE pr_fmt(fmt), ##__VA_ARGS__)
#define pr_info(fmt, ...)	printk(KERN_INFO pr_fmt(fmt), ##__VA_ARGS__)
#define pr_debug(fmt, ...)	printk(KERN_DEBUG pr_fmt(fmt), ##__VA_ARGS__)
#define pr_cont(fmt, ...)	printk(KERN_CONT fmt, ##__VA_ARGS__)
#define pr_err_ratelimited	pr_err
#define pr_warn_ratelimited	pr_warn
#define pr_info_ratelimited	pr_info
#define pr_warn_once		pr_warn
#define pr_err_once		pr_err
#define printk_ratelimit()	0
#define dev_err(dev, fmt, ...)	 ((void)(dev), printk(KERN_ERR fmt, ##__VA_ARGS__))
#define dev_warn(dev, fmt, ...)	 ((void)(dev), printk(KERN_WARNING fmt, ##__VA_ARGS__))
#define dev_notice(dev, fmt, ...) ((void)(dev), printk(KERN_NOTICE fmt, ##__VA_ARGS__))
#define dev_info(dev, fmt, ...)	 ((void)(dev), printk(KERN_INFO fmt, ##__VA_ARGS__))
#define dev_dbg(dev, fmt, ...)	 ((void)(dev), printk(KERN_DEBUG fmt, ##__VA_ARGS__))
#define dev_err_ratelimited	dev_err

int sprintf(char *buf, const char *fmt, ...);
int snprintf(char *buf, size_t size, const char *fmt, ...);
int vsnprintf(char *buf, size_t size, const char *fmt, va_list args);
int sscanf(const char *buf, const char *fmt, ...);
int scnprintf(char *buf, size_t size, const char *fmt, ...) __printf(3, 4);
int vscnprintf(char *buf, size_t size, const char *fmt, va_list args);
int sysfs_emit(char *buf, const char *fmt, ...) __printf(2, 3);
char *kasprintf(gfp_t gfp, const char *fmt, ...) __printf(2, 3);

int kstrtoul(const char *s, unsigned int base, unsigned long *res);
int kstrtol(const char *s, unsigned int base, long *res);
int kstrtoull(const char *s, unsigned int base, unsigned long long *res);
int kstrtoll(const char *s, unsigned int base, long long *res);
int kstrtouint(const char *s, unsigned int base, unsigned int *res);
int kstrtoint(const char *s, unsigned int base, int *res);
int kstrtou32(const char *s, unsigned int base, u32 *res);
int kstrtos32(const char *s, unsigned int base, s32 *res);
int kstrtou16(const char *s, unsigned int base, u16 *res);
int kstrtou8(const char *s, unsigned int base, u8 *res);
int kstrtobool(const char *s, bool *res);
int kstrtoul_from_user(const char __user *s, size_t count, unsigned int base, unsigned long *res);
int kstrtoint_from_user(const char __user *s, size_t count, unsigned int base, int *res);
unsigned long simple_strtoul(const char *cp, char **endp, unsigned int base);
long simple_strtol(const char *cp, char **endp, unsigned int base);
size_t strlcpy(char *dst, const char *src, size_t size);
ssize_t strscpy(char *dst, const char *src, size_t count);
char *strim(char *s);
#define strstrip strim
char *skip_spaces(const char *s);
bool sysfs_streq(const char *s1, const char *s2);
int match_string(const char *const *array, size_t n, const char *string);
#define sysfs_match_string(a, s) match_string(a, ARRAY_SIZE(a), s)

/* ---- oops, warnings, task exit ------------------------------------------- */

void oracle_bug(const char *file, int line, const char *what) __noreturn;
void oracle_warn(const char *file, int line);
#define BUG()		oracle_bug(__FILE__, __LINE__, "BUG")
#define BUG_ON(c)	do { if (unlikely(c)) oracle_bug(__FILE__, __LINE__, "BUG_ON"); } while (0)
#define WARN_ON(c)	({ int __w = !!(c); if (unlikely(__w)) oracle_warn(__FILE__, __LINE__); unlikely(__w); })
#define WARN(c, fmt...)	WARN_ON(c)
#define WARN_ON_ONCE(c)	WARN_ON(c)
#define WARN_ONCE(c, fmt...) WARN_ON(c)
void panic(const char *fmt, ...) __noreturn __printf(1, 2);
void do_exit(long code) __noreturn;

/* ---- current task and thread flags ----------------------------------- */

/* The model's memory map: the user arena sits below the address limit
 * USER_DS (TASK_SIZE), the kernel arena above it; the first
 * ORACLE_VICTIM_SIZE bytes of the kernel arena are never allocated and
 * stand for the kernel data an attacker wants (see model.c). */
#define ORACLE_USER_BASE	0x10000000UL
#define ORACLE_USER_SIZE	0x00100000UL
#define ORACLE_USER_END		(ORACLE_USER_BASE + ORACLE_USER_SIZE)
#define ORACLE_KERNEL_BASE	0x40000000UL
#define ORACLE_KERNEL_SIZE	0x01000000UL
#define ORACLE_VICTIM_SIZE	0x00010000UL
#define TASK_SIZE		ORACLE_USER_END
#define TASK_SIZE_MAX		TASK_SIZE

typedef struct {
	unsigned long seg;
} mm_segment_t;

struct thread_info {
	unsigned long flags;		/* TIF_* work bits, tested on the way out */
	mm_segment_t addr_limit;	/* the address limit; USER_DS in user mode */
};

#define TIF_NOTIFY_RESUME	1
#define TIF_SIGPENDING		2
#define TIF_NEED_RESCHED	3
#if ORACLE_FORM == 2 || ORACLE_FORM == 3
#define TIF_FSCHECK		4	/* set_fs() was called: check the limit on return */
#endif
#define _TIF_NOTIFY_RESUME	(1UL << TIF_NOTIFY_RESUME)
#define _TIF_SIGPENDING		(1UL << TIF_SIGPENDING)
#define _TIF_NEED_RESCHED	(1UL << TIF_NEED_RESCHED)
#ifdef TIF_FSCHECK
#define _TIF_FSCHECK		(1UL << TIF_FSCHECK)
#else
#define _TIF_FSCHECK		0UL
#endif
/* Work the exit path must do before user mode; one test covers it all.
 * Form 2 folds the limit check into it. */
#if ORACLE_FORM == 2
#define _TIF_USER_WORK_MASK	(_TIF_NOTIFY_RESUME | _TIF_SIGPENDING | _TIF_NEED_RESCHED | _TIF_FSCHECK)
#else
#define _TIF_USER_WORK_MASK	(_TIF_NOTIFY_RESUME | _TIF_SIGPENDING | _TIF_NEED_RESCHED)
#endif

extern __thread struct thread_info oracle_thread_info;
static inline struct thread_info *current_thread_info(void) { return &oracle_thread_info; }
/* Atomic, as the kernel's set_bit()/clear_bit() are. */
static inline void set_thread_flag(int flag)
{
	__atomic_fetch_or(&current_thread_info()->flags, 1UL << flag, __ATOMIC_RELAXED);
}
static inline void clear_thread_flag(int flag)
{
	__atomic_fetch_and(&current_thread_info()->flags, ~(1UL << flag), __ATOMIC_RELAXED);
}
static inline bool test_thread_flag(int flag)
{
	return READ_ONCE(current_thread_info()->flags) & (1UL << flag);
}

struct mm_struct;
struct task_struct {
	char comm[16];
	pid_t pid;
	pid_t tgid;
	struct mm_struct *mm;
	unsigned int flags;
};
#define PF_KTHREAD	0x00200000
extern struct task_struct oracle_task;
#define current		(&oracle_task)
#define task_pid_nr(t)	((t)->pid)
bool signal_pending(struct task_struct *p);
bool fatal_signal_pending(struct task_struct *p);
void schedule(void);
void cond_resched(void);
void might_sleep(void);
void msleep(unsigned int msecs);
unsigned long msleep_interruptible(unsigned int msecs);
void usleep_range(unsigned long min, unsigned long max);
void udelay(unsigned long usecs);
void mdelay(unsigned long msecs);
void ssleep(unsigned int seconds);
extern volatile unsigned long jiffies;
unsigned long msecs_to_jiffies(unsigned int m);
unsigned int jiffies_to_msecs(unsigned long j);
#define time_after(a, b)	((long)((b) - (a)) < 0)
#define time_before(a, b)	time_after(b, a)
#define time_is_before_jiffies(a) time_after(jiffies, a)
ktime_t ktime_get(void);
u64 ktime_get_ns(void);

#define CAP_NET_ADMIN	12
#define CAP_SYS_RAWIO	17
#define CAP_SYS_ADMIN	21
bool capable(int cap);

/* ---- the address limit ----------------------------------------------- */

#define MAKE_MM_SEG(s)	((mm_segment_t) { (s) })
#define KERNEL_DS	MAKE_MM_SEG(-1UL)
#define USER_DS		MAKE_MM_SEG(TASK_SIZE)
#define get_ds()	(KERNEL_DS)
#define get_fs()	(current_thread_info()->addr_limit)
#define segment_eq(a, b) ((a).seg == (b).seg)
#define uaccess_kernel() segment_eq(get_fs(), KERNEL_DS)

static inline void set_fs(mm_segment_t fs)
{
	current_thread_info()->addr_limit = fs;
#ifdef TIF_FSCHECK
	/* On user-mode return, check fs is correct */
	set_thread_flag(TIF_FSCHECK);
#endif
}

/* 5.10: run user accesses against USER_DS whatever the caller had. */
static inline mm_segment_t force_uaccess_begin(void)
{
	mm_segment_t fs = get_fs();

	set_fs(USER_DS);
	return fs;
}
static inline void force_uaccess_end(mm_segment_t oldfs)
{
	set_fs(oldfs);
}

/* ---- return-to-user checks ------------------------------------------- */

/* The out-of-line check: did the limit come back to USER_DS?  With
 * TIF_FSCHECK it runs only when set_fs() was called since the last
 * return; without, on every call.  A violation ends the task. */
void addr_limit_user_check(void);

#if defined(CONFIG_ADDR_LIMIT_CHECK) && !defined(TIF_FSCHECK)
/* Arch hook called when the generic wrapper check fails; out of line. */
void addr_limit_check_failed(void);
#define ADDR_LIMIT_CHECK_PRE() \
	bool __addr_limit_user_caller = segment_eq(get_fs(), USER_DS)
#define ADDR_LIMIT_CHECK_POST()							\
	do {									\
		if (__addr_limit_user_caller &&					\
		    unlikely(!segment_eq(get_fs(), USER_DS)))			\
			addr_limit_check_failed();				\
	} while (0)
#else
#define ADDR_LIMIT_CHECK_PRE()	do { } while (0)
#define ADDR_LIMIT_CHECK_POST()	do { } while (0)
#endif

/* ---- uaccess --------------------------------------------------------- */

#define VERIFY_READ	0
#define VERIFY_WRITE	1

static inline bool __oracle_access_ok(const void *addr, unsigned long size)
{
	unsigned long limit = get_fs().seg, a = (unsigned long)addr;

	return size <= limit && a <= limit - size;
}
#define __oracle_access_ok2(addr, size)		__oracle_access_ok((const void *)(addr), (size))
#define __oracle_access_ok3(type, addr, size)	__oracle_access_ok((const void *)(addr), (size))
#define __oracle_pick3(_1, _2, _3, name, ...)	name
/* Both the two-argument form (5.0+) and the older (type, addr, size). */
#define access_ok(...) \
	__oracle_pick3(__VA_ARGS__, __oracle_access_ok3, __oracle_access_ok2, __oracle_access_ok1)(__VA_ARGS__)

unsigned long copy_from_user(void *to, const void __user *from, unsigned long n);
unsigned long copy_to_user(void __user *to, const void *from, unsigned long n);
unsigned long __copy_from_user(void *to, const void __user *from, unsigned long n);
unsigned long __copy_to_user(void __user *to, const void *from, unsigned long n);
#define __copy_from_user_inatomic __copy_from_user
#define __copy_to_user_inatomic	__copy_to_user
#define raw_copy_from_user	__copy_from_user
#define raw_copy_to_user	__copy_to_user
long strncpy_from_user(char *dst, const char __user *src, long count);
long strnlen_user(const char __user *str, long n);
unsigned long clear_user(void __user *to, unsigned long n);
unsigned long __clear_user(void __user *to, unsigned long n);
void *memdup_user(const void __user *src, size_t len);
void *memdup_user_nul(const void __user *src, size_t len);
char *strndup_user(const char __user *s, long n);

/* size bytes between kernel memory and an address that may be a user
 * one; check says whether access_ok() applies (get_user) or not
 * (__get_user).  Return 0 or -EFAULT; dst is zeroed on failure. */
int oracle_get_user(void *dst, const void __user *src, size_t size, int check);
int oracle_put_user(void __user *dst, const void *src, size_t size, int check);

#define __oracle_getu(x, ptr, check) ({						\
	unsigned char __gu_buf[sizeof(*(ptr))] __attribute__((aligned(8)));	\
	int __gu_err = oracle_get_user(__gu_buf, (ptr), sizeof(*(ptr)), (check)); \
	(x) = *(__typeof__(*(ptr)) *)__gu_buf;					\
	__gu_err;								\
})
#define __oracle_putu(x, ptr, check) ({						\
	__typeof__(*(ptr)) __pu_val = (x);					\
	oracle_put_user((ptr), &__pu_val, sizeof(*(ptr)), (check));		\
})
#define get_user(x, ptr)	__oracle_getu(x, ptr, 1)
#define __get_user(x, ptr)	__oracle_getu(x, ptr, 0)
#define put_user(x, ptr)	__oracle_putu(x, ptr, 1)
#define __put_user(x, ptr)	__oracle_putu(x, ptr, 0)

#define user_access_begin(ptr, len)	access_ok(ptr, len)
#define user_access_end()		do { } while (0)
#define user_read_access_begin		user_access_begin
#define user_read_access_end		user_access_end
#define user_write_access_begin		user_access_begin
#define user_write_access_end		user_access_end
#define unsafe_get_user(x, ptr, label)	do { if (__get_user(x, ptr)) goto label; } while (0)
#define unsafe_put_user(x, ptr, label)	do { if (__put_user(x, ptr)) goto label; } while (0)
#define pagefault_disable()		do { } while (0)
#define pagefault_enable()		do { } while (0)

static inline void __user *compat_ptr(compat_uptr_t uptr)
{
	return (void __user *)(unsigned long)uptr;
}
static inline compat_uptr_t ptr_to_compat(void __user *uptr)
{
	return (u32)(unsigned long)uptr;
}
bool in_compat_syscall(void);
#define is_compat_task() in_compat_syscall()

/* ---- memory ---------------------------------------------------------- */

#define GFP_KERNEL	0x0cc0u
#define GFP_ATOMIC	0x0a20u
#define GFP_NOWAIT	0x0800u
#define GFP_NOFS	0x0c40u
#define GFP_DMA		0x0001u
#define GFP_USER	0x0cc0u
#define __GFP_ZERO	0x8000u
#define __GFP_NOWARN	0x0200u
#define KMALLOC_MAX_SIZE (4UL << 20)

void *kmalloc(size_t size, gfp_t flags);
void *kzalloc(size_t size, gfp_t flags);
void *kcalloc(size_t n, size_t size, gfp_t flags);
void *kmalloc_array(size_t n, size_t size, gfp_t flags);
void *krealloc(const void *p, size_t size, gfp_t flags);
void kfree(const void *p);
void kfree_sensitive(const void *p);
#define kzfree kfree_sensitive
void *kmemdup(const void *src, size_t len, gfp_t gfp);
char *kstrdup(const char *s, gfp_t gfp);
char *kstrndup(const char *s, size_t max, gfp_t gfp);
void *vmalloc(unsigned long size);
void *vzalloc(unsigned long size);
void vfree(const void *addr);
void *kvmalloc(size_t size, gfp_t flags);
void *kvzalloc(size_t size, gfp_t flags);
void kvfree(const void *addr);
unsigned long __get_free_page(gfp_t gfp);
unsigned long get_zeroed_page(gfp_t gfp);
void free_page(unsigned long addr);

/* ---- locking --------------------------------------------------------- */

struct mutex {
	int locked;
};
#define DEFINE_MUTEX(m)		struct mutex m = { 0 }
#define mutex_init(m)		((m)->locked = 0)
static inline void mutex_lock(struct mutex *m) { m->locked = 1; }
static inline void mutex_unlock(struct mutex *m) { m->locked = 0; }
static inline int mutex_trylock(struct mutex *m) { if (m->locked) return 0; m->locked = 1; return 1; }
static inline bool mutex_is_locked(struct mutex *m) { return m->locked; }
int mutex_lock_interruptible(struct mutex *m);
int mutex_lock_killable(struct mutex *m);
#define mutex_destroy(m)	do { } while (0)

typedef struct {
	int locked;
} spinlock_t;
#define DEFINE_SPINLOCK(l)	spinlock_t l = { 0 }
#define spin_lock_init(l)	((l)->locked = 0)
#define spin_lock(l)		((l)->locked = 1)
#define spin_unlock(l)		((l)->locked = 0)
#define spin_lock_bh		spin_lock
#define spin_unlock_bh		spin_unlock
#define spin_lock_irq		spin_lock
#define spin_unlock_irq		spin_unlock
#define spin_lock_irqsave(l, f)		do { (f) = 0; spin_lock(l); } while (0)
#define spin_unlock_irqrestore(l, f)	do { (void)(f); spin_unlock(l); } while (0)
struct rw_semaphore {
	int count;
};
#define DECLARE_RWSEM(s)	struct rw_semaphore s = { 0 }
#define init_rwsem(s)		((s)->count = 0)
#define down_read(s)		((s)->count++)
#define up_read(s)		((s)->count--)
#define down_write(s)		((s)->count = -1)
#define up_write(s)		((s)->count = 0)
typedef struct {
	int counter;
} atomic_t;
#define ATOMIC_INIT(i)		{ (i) }
#define atomic_read(v)		READ_ONCE((v)->counter)
#define atomic_set(v, i)	WRITE_ONCE((v)->counter, (i))
#define atomic_inc(v)		((void)++(v)->counter)
#define atomic_dec(v)		((void)--(v)->counter)
#define atomic_inc_return(v)	(++(v)->counter)
#define atomic_dec_return(v)	(--(v)->counter)
#define atomic_dec_and_test(v)	(--(v)->counter == 0)
#define atomic_cmpxchg(v, o, n)	__sync_val_compare_and_swap(&(v)->counter, (o), (n))
#define set_bit(nr, addr)	((void)(*(addr) |= 1UL << (nr)))
#define clear_bit(nr, addr)	((void)(*(addr) &= ~(1UL << (nr))))
#define test_bit(nr, addr)	(!!(*(addr) & (1UL << (nr))))
static inline int test_and_set_bit(int nr, unsigned long *addr)
{
	int old = !!(*addr & (1UL << nr));

	*addr |= 1UL << nr;
	return old;
}
static inline int test_and_clear_bit(int nr, unsigned long *addr)
{
	int old = !!(*addr & (1UL << nr));

	*addr &= ~(1UL << nr);
	return old;
}

struct completion {
	int done;
};
#define DECLARE_COMPLETION(c)	struct completion c = { 0 }
#define init_completion(c)	((c)->done = 0)
#define complete(c)		((c)->done = 1)
#define reinit_completion(c)	((c)->done = 0)
long wait_for_completion_interruptible_timeout(struct completion *c, unsigned long timeout);
unsigned long wait_for_completion_timeout(struct completion *c, unsigned long timeout);
#define wait_for_completion(c)	((void)(c))

/* ---- lists ------------------------------------------------------------- */

struct list_head {
	struct list_head *next, *prev;
};
#define LIST_HEAD_INIT(name)	{ &(name), &(name) }
#define LIST_HEAD(name)		struct list_head name = LIST_HEAD_INIT(name)
static inline void INIT_LIST_HEAD(struct list_head *l) { l->next = l; l->prev = l; }
static inline void __list_add(struct list_head *n, struct list_head *prev, struct list_head *next)
{
	next->prev = n;
	n->next = next;
	n->prev = prev;
	prev->next = n;
}
static inline void list_add(struct list_head *n, struct list_head *head) { __list_add(n, head, head->next); }
static inline void list_add_tail(struct list_head *n, struct list_head *head) { __list_add(n, head->prev, head); }
static inline void list_del(struct list_head *e)
{
	e->next->prev = e->prev;
	e->prev->next = e->next;
	e->next = e->prev = NULL;
}
static inline int list_empty(const struct list_head *head) { return head->next == head; }
#define list_entry(ptr, type, member)	container_of(ptr, type, member)
#define list_first_entry(ptr, type, member) list_entry((ptr)->next, type, member)
#define list_for_each(pos, head)	for (pos = (head)->next; pos != (head); pos = pos->next)
#define list_for_each_entry(pos, head, member)					\
	for (pos = list_entry((head)->next, __typeof__(*pos), member);		\
	     &pos->member != (head);						\
	     pos = list_entry(pos->member.next, __typeof__(*pos), member))
#define list_for_each_entry_safe(pos, n, head, member)				\
	for (pos = list_entry((head)->next, __typeof__(*pos), member),		\
	     n = list_entry(pos->member.next, __typeof__(*pos), member);	\
	     &pos->member != (head);						\
	     pos = n, n = list_entry(n->member.next, __typeof__(*n), member))

/* ---- files ----------------------------------------------------------- */

#define O_ACCMODE	00000003
#define O_RDONLY	00000000
#define O_WRONLY	00000001
#define O_RDWR		00000002
#define O_CREAT		00000100
#define O_EXCL		00000200
#define O_NOCTTY	00000400
#define O_TRUNC		00001000
#define O_APPEND	00002000
#define O_NONBLOCK	00004000
#define O_DSYNC		00010000
#define O_DIRECTORY	00200000
#define O_NOFOLLOW	00400000
#define O_CLOEXEC	02000000
#define O_LARGEFILE	0
#define FMODE_READ	0x1
#define FMODE_WRITE	0x2
#define FMODE_LSEEK	0x4
#define FMODE_PREAD	0x8
#define FMODE_PWRITE	0x10
#define SEEK_SET	0
#define SEEK_CUR	1
#define SEEK_END	2
#define S_IFMT		00170000
#define S_IFREG		0100000
#define S_IFCHR		0020000
#define S_IFDIR		0040000
#define S_ISREG(m)	(((m) & S_IFMT) == S_IFREG)
#define S_ISDIR(m)	(((m) & S_IFMT) == S_IFDIR)
#define S_ISCHR(m)	(((m) & S_IFMT) == S_IFCHR)
#define S_IRUSR		00400
#define S_IWUSR		00200
#define S_IRUGO		00444
#define S_IWUGO		00222
#define S_IRWXU		00700

struct module {
	const char *name;
};
extern struct module __this_module;
#define THIS_MODULE	(&__this_module)

struct oracle_node;
struct inode {
	umode_t i_mode;
	unsigned long i_ino;
	dev_t i_rdev;
	loff_t i_size;
	void *i_private;
	struct oracle_node *oracle_node;	/* the model's in-memory file */
};
struct qstr {
	const char *name;
	unsigned int len;
};
struct dentry {
	struct inode *d_inode;
	struct qstr d_name;
};
struct vfsmount;
struct path {
	struct vfsmount *mnt;
	struct dentry *dentry;
};
struct file_operations;
struct proc_ops;
struct file {
	struct path f_path;
	struct inode *f_inode;
	const struct file_operations *f_op;
	unsigned int f_flags;
	fmode_t f_mode;
	loff_t f_pos;
	void *private_data;
	long f_count;				/* references; the last fput releases */
	const struct proc_ops *oracle_proc_ops;	/* proc files: the handlers behind f_op */
	struct dentry oracle_dentry;
};
struct kiocb;
struct iov_iter;
struct poll_table_struct;
typedef struct poll_table_struct poll_table;
struct vm_area_struct;
struct file_lock;
struct dir_context;

struct file_operations {
	struct module *owner;
	loff_t (*llseek)(struct file *, loff_t, int);
	ssize_t (*read)(struct file *, char __user *, size_t, loff_t *);
	ssize_t (*write)(struct file *, const char __user *, size_t, loff_t *);
	ssize_t (*read_iter)(struct kiocb *, struct iov_iter *);
	ssize_t (*write_iter)(struct kiocb *, struct iov_iter *);
	int (*iterate)(struct file *, struct dir_context *);
	__poll_t (*poll)(struct file *, struct poll_table_struct *);
	long (*unlocked_ioctl)(struct file *, unsigned int, unsigned long);
	long (*compat_ioctl)(struct file *, unsigned int, unsigned long);
	int (*mmap)(struct file *, struct vm_area_struct *);
	int (*open)(struct inode *, struct file *);
	int (*flush)(struct file *, fl_owner_t id);
	int (*release)(struct inode *, struct file *);
	int (*fsync)(struct file *, loff_t, loff_t, int datasync);
	int (*fasync)(int, struct file *, int);
	int (*lock)(struct file *, int, struct file_lock *);
};

struct proc_ops {
	unsigned int proc_flags;
	int (*proc_open)(struct inode *, struct file *);
	ssize_t (*proc_read)(struct file *, char __user *, size_t, loff_t *);
	ssize_t (*proc_write)(struct file *, const char __user *, size_t, loff_t *);
	loff_t (*proc_lseek)(struct file *, loff_t, int);
	int (*proc_release)(struct inode *, struct file *);
	__poll_t (*proc_poll)(struct file *, struct poll_table_struct *);
	long (*proc_ioctl)(struct file *, unsigned int, unsigned long);
	long (*proc_compat_ioctl)(struct file *, unsigned int, unsigned long);
	int (*proc_mmap)(struct file *, struct vm_area_struct *);
};
struct proc_dir_entry;
struct proc_dir_entry *proc_create(const char *name, umode_t mode, struct proc_dir_entry *parent,
				   const struct proc_ops *proc_ops);
struct proc_dir_entry *proc_create_data(const char *name, umode_t mode, struct proc_dir_entry *parent,
					const struct proc_ops *proc_ops, void *data);
struct proc_dir_entry *proc_mkdir(const char *name, struct proc_dir_entry *parent);
void remove_proc_entry(const char *name, struct proc_dir_entry *parent);
void proc_remove(struct proc_dir_entry *de);
void *PDE_DATA(const struct inode *inode);
#define pde_data PDE_DATA

static inline struct inode *file_inode(const struct file *f) { return f->f_inode; }
static inline loff_t i_size_read(const struct inode *inode) { return inode->i_size; }
static inline unsigned iminor(const struct inode *inode) { return (unsigned)(inode->i_rdev & 0xff); }
static inline unsigned imajor(const struct inode *inode) { return (unsigned)(inode->i_rdev >> 8); }

struct file *filp_open(const char *filename, int flags, umode_t mode);
int filp_close(struct file *filp, fl_owner_t id);
ssize_t vfs_read(struct file *file, char __user *buf, size_t count, loff_t *pos);
ssize_t vfs_write(struct file *file, const char __user *buf, size_t count, loff_t *pos);
ssize_t kernel_read(struct file *file, void *buf, size_t count, loff_t *pos);
ssize_t kernel_write(struct file *file, const void *buf, size_t count, loff_t *pos);
loff_t vfs_llseek(struct file *file, loff_t offset, int whence);
loff_t default_llseek(struct file *file, loff_t offset, int whence);
loff_t no_llseek(struct file *file, loff_t offset, int whence);
loff_t noop_llseek(struct file *file, loff_t offset, int whence);
loff_t generic_file_llseek(struct file *file, loff_t offset, int whence);
int vfs_fsync(struct file *file, int datasync);
long vfs_truncate(const struct path *path, loff_t length);
int nonseekable_open(struct inode *inode, struct file *filp);
int simple_open(struct inode *inode, struct file *file);
ssize_t simple_read_from_buffer(void __user *to, size_t count, loff_t *ppos,
				const void *from, size_t available);
ssize_t simple_write_to_buffer(void *to, size_t available, loff_t *ppos,
			       const void __user *from, size_t count);
struct file *fget(unsigned int fd);
void fput(struct file *file);
struct fd {
	struct file *file;
	unsigned int flags;
};
struct fd fdget(unsigned int fd);
void fdput(struct fd f);
int get_unused_fd_flags(unsigned int flags);
void fd_install(unsigned int fd, struct file *file);
void put_unused_fd(unsigned int fd);

/* ---- ioctl numbers ------------------------------------------------------ */

#define _IOC_NRBITS	8
#define _IOC_TYPEBITS	8
#define _IOC_SIZEBITS	14
#define _IOC_NRSHIFT	0
#define _IOC_TYPESHIFT	(_IOC_NRSHIFT + _IOC_NRBITS)
#define _IOC_SIZESHIFT	(_IOC_TYPESHIFT + _IOC_TYPEBITS)
#define _IOC_DIRSHIFT	(_IOC_SIZESHIFT + _IOC_SIZEBITS)
#define _IOC_NONE	0U
#define _IOC_WRITE	1U
#define _IOC_READ	2U
#define _IOC(dir, type, nr, size) \
	(((dir) << _IOC_DIRSHIFT) | ((type) << _IOC_TYPESHIFT) | \
	 ((nr) << _IOC_NRSHIFT) | ((size) << _IOC_SIZESHIFT))
#define _IO(type, nr)		_IOC(_IOC_NONE, (type), (nr), 0)
#define _IOR(type, nr, t)	_IOC(_IOC_READ, (type), (nr), (sizeof(t)))
#define _IOW(type, nr, t)	_IOC(_IOC_WRITE, (type), (nr), (sizeof(t)))
#define _IOWR(type, nr, t)	_IOC(_IOC_READ | _IOC_WRITE, (type), (nr), (sizeof(t)))
#define _IOC_DIR(nr)		(((nr) >> _IOC_DIRSHIFT) & ((1 << 2) - 1))
#define _IOC_TYPE(nr)		(((nr) >> _IOC_TYPESHIFT) & ((1 << _IOC_TYPEBITS) - 1))
#define _IOC_NR(nr)		(((nr) >> _IOC_NRSHIFT) & ((1 << _IOC_NRBITS) - 1))
#define _IOC_SIZE(nr)		(((nr) >> _IOC_SIZESHIFT) & ((1 << _IOC_SIZEBITS) - 1))

/* ---- devices, sysfs, drivers -------------------------------------------- */

struct kobject {
	const char *name;
	struct kobject *parent;
};
struct attribute {
	const char *name;
	umode_t mode;
};
struct attribute_group {
	const char *name;
	struct attribute **attrs;
};
struct device_driver {
	const char *name;
	struct module *owner;
	const void *of_match_table;
};
struct device {
	struct device *parent;
	struct kobject kobj;
	const char *init_name;
	struct device_driver *driver;
	void *driver_data;
	void *platform_data;
	const struct attribute_group **groups;
};
struct device_attribute {
	struct attribute attr;
	ssize_t (*show)(struct device *dev, struct device_attribute *attr, char *buf);
	ssize_t (*store)(struct device *dev, struct device_attribute *attr, const char *buf, size_t count);
};
#define __ATTR(_name, _mode, _show, _store) {					\
	.attr = { .name = __stringify(_name), .mode = (_mode) },		\
	.show = _show,								\
	.store = _store,							\
}
#define __ATTR_RW(_name)	__ATTR(_name, 0644, _name##_show, _name##_store)
#define __ATTR_RO(_name)	__ATTR(_name, 0444, _name##_show, NULL)
#define __ATTR_WO(_name)	__ATTR(_name, 0200, NULL, _name##_store)
#define DEVICE_ATTR(_name, _mode, _show, _store) \
	struct device_attribute dev_attr_##_name = __ATTR(_name, _mode, _show, _store)
#define DEVICE_ATTR_RW(_name)	struct device_attribute dev_attr_##_name = __ATTR_RW(_name)
#define DEVICE_ATTR_ADMIN_RW(_name) \
	struct device_attribute dev_attr_##_name = __ATTR(_name, 0600, _name##_show, _name##_store)
#define DEVICE_ATTR_RO(_name)	struct device_attribute dev_attr_##_name = __ATTR_RO(_name)
#define DEVICE_ATTR_WO(_name)	struct device_attribute dev_attr_##_name = __ATTR_WO(_name)
static inline void *dev_get_drvdata(const struct device *dev) { return dev->driver_data; }
static inline void dev_set_drvdata(struct device *dev, void *data) { dev->driver_data = data; }
static inline const char *dev_name(const struct device *dev) { return dev->init_name ? dev->init_name : "oracle"; }
int device_create_file(struct device *dev, const struct device_attribute *attr);
void device_remove_file(struct device *dev, const struct device_attribute *attr);
int sysfs_create_group(struct kobject *kobj, const struct attribute_group *grp);
void sysfs_remove_group(struct kobject *kobj, const struct attribute_group *grp);
void *devm_kzalloc(struct device *dev, size_t size, gfp_t gfp);
void *devm_kmalloc(struct device *dev, size_t size, gfp_t gfp);

struct platform_device {
	const char *name;
	int id;
	struct device dev;
};
struct platform_driver {
	int (*probe)(struct platform_device *);
	int (*remove)(struct platform_device *);
	struct device_driver driver;
};
int platform_driver_register(struct platform_driver *drv);
void platform_driver_unregister(struct platform_driver *drv);
static inline void *platform_get_drvdata(const struct platform_device *pdev) { return dev_get_drvdata(&pdev->dev); }
static inline void platform_set_drvdata(struct platform_device *pdev, void *data) { dev_set_drvdata(&pdev->dev, data); }
#define to_platform_device(d) container_of((d), struct platform_device, dev)

struct i2c_client {
	unsigned short flags;
	unsigned short addr;
	char name[20];
	struct device dev;
};
struct i2c_device_id {
	char name[20];
	unsigned long driver_data;
};
struct i2c_driver {
	int (*probe)(struct i2c_client *client, const struct i2c_device_id *id);
	int (*remove)(struct i2c_client *client);
	struct device_driver driver;
	const struct i2c_device_id *id_table;
};
int i2c_add_driver(struct i2c_driver *drv);
void i2c_del_driver(struct i2c_driver *drv);
s32 i2c_smbus_read_byte_data(const struct i2c_client *client, u8 command);
s32 i2c_smbus_write_byte_data(const struct i2c_client *client, u8 command, u8 value);
s32 i2c_smbus_read_word_data(const struct i2c_client *client, u8 command);
s32 i2c_smbus_write_word_data(const struct i2c_client *client, u8 command, u16 value);
static inline void *i2c_get_clientdata(const struct i2c_client *c) { return dev_get_drvdata(&c->dev); }
static inline void i2c_set_clientdata(struct i2c_client *c, void *data) { dev_set_drvdata(&c->dev, data); }
#define to_i2c_client(d) container_of((d), struct i2c_client, dev)

#define MISC_DYNAMIC_MINOR 255
struct miscdevice {
	int minor;
	const char *name;
	const struct file_operations *fops;
	struct device *parent;
	struct device *this_device;
	const struct attribute_group **groups;
	umode_t mode;
};
int misc_register(struct miscdevice *misc);
void misc_deregister(struct miscdevice *misc);

struct firmware {
	size_t size;
	const u8 *data;
};
int request_firmware(const struct firmware **fw, const char *name, struct device *device);
void release_firmware(const struct firmware *fw);

/* ---- modules ------------------------------------------------------------- */

#define MODULE_LICENSE(x)		extern int __oracle_modinfo
#define MODULE_AUTHOR(x)		extern int __oracle_modinfo
#define MODULE_DESCRIPTION(x)		extern int __oracle_modinfo
#define MODULE_VERSION(x)		extern int __oracle_modinfo
#define MODULE_ALIAS(x)			extern int __oracle_modinfo
#define MODULE_FIRMWARE(x)		extern int __oracle_modinfo
#define MODULE_PARM_DESC(p, d)		extern int __oracle_modinfo
#define MODULE_DEVICE_TABLE(t, n)	extern int __oracle_modinfo
#define module_param(n, t, p)		extern int __oracle_modinfo
#define module_param_named(n, v, t, p)	extern int __oracle_modinfo
#define EXPORT_SYMBOL(x)		extern int __oracle_modinfo
#define EXPORT_SYMBOL_GPL(x)		extern int __oracle_modinfo
/* The module's init runs in every simulated process before the call
 * under test, with no faults injected. */
extern int (*const __oracle_module_init)(void);
#define module_init(fn)			int (*const __oracle_module_init)(void) = fn
#define module_exit(fn)			extern int __oracle_modinfo
#define late_initcall(fn)		module_init(fn)
#define device_initcall(fn)		module_init(fn)
#define module_driver(drv, reg, unreg)						\
	static int __oracle_driver_init(void) { return reg(&(drv)); }		\
	module_init(__oracle_driver_init)
#define module_platform_driver(drv)	module_driver(drv, platform_driver_register, platform_driver_unregister)
#define module_i2c_driver(drv)		module_driver(drv, i2c_add_driver, i2c_del_driver)
#define module_misc_device(misc)	module_driver(misc, misc_register, misc_deregister)

/* ---- system calls ---------------------------------------------------- */

/* What the model knows of a SYSCALL_DEFINE'd call: enough to drive it. */
struct oracle_syscall {
	const char *name;			/* sys_foo or compat_sys_foo */
	int nargs;
	unsigned long ptrmask;			/* bit i: parameter i is a pointer */
	long (*call)(const unsigned long *args);	/* the pt_regs-style stub */
	struct oracle_syscall *next;
};
void oracle_register_syscall(struct oracle_syscall *sc);

#define __OM0(m, ...)
#define __OM1(m, t, a, ...) m(t, a)
#define __OM2(m, t, a, ...) m(t, a), __OM1(m, __VA_ARGS__)
#define __OM3(m, t, a, ...) m(t, a), __OM2(m, __VA_ARGS__)
#define __OM4(m, t, a, ...) m(t, a), __OM3(m, __VA_ARGS__)
#define __OM5(m, t, a, ...) m(t, a), __OM4(m, __VA_ARGS__)
#define __OM6(m, t, a, ...) m(t, a), __OM5(m, __VA_ARGS__)
#define __OMAP(n, ...) __OM##n(__VA_ARGS__)
#define __OC1(m, i, t, a, ...) m(i, t, a)
#define __OC2(m, i, t, a, ...) m(i, t, a), __OC1(m, i + 1, __VA_ARGS__)
#define __OC3(m, i, t, a, ...) m(i, t, a), __OC2(m, i + 1, __VA_ARGS__)
#define __OC4(m, i, t, a, ...) m(i, t, a), __OC3(m, i + 1, __VA_ARGS__)
#define __OC5(m, i, t, a, ...) m(i, t, a), __OC4(m, i + 1, __VA_ARGS__)
#define __OC6(m, i, t, a, ...) m(i, t, a), __OC5(m, i + 1, __VA_ARGS__)
#define __OCMAP(n, m, ...) __OC##n(m, 0, __VA_ARGS__)
#define __OP1(m, i, t, a, ...) m(i, t, a)
#define __OP2(m, i, t, a, ...) m(i, t, a) | __OP1(m, i + 1, __VA_ARGS__)
#define __OP3(m, i, t, a, ...) m(i, t, a) | __OP2(m, i + 1, __VA_ARGS__)
#define __OP4(m, i, t, a, ...) m(i, t, a) | __OP3(m, i + 1, __VA_ARGS__)
#define __OP5(m, i, t, a, ...) m(i, t, a) | __OP4(m, i + 1, __VA_ARGS__)
#define __OP6(m, i, t, a, ...) m(i, t, a) | __OP5(m, i + 1, __VA_ARGS__)
#define __OPMAP(n, m, ...) __OP##n(m, 0, __VA_ARGS__)
#define __ODECL(t, a)	t a
#define __OARG(t, a)	a
#define __OCAST(i, t, a) (t)__oa[i]
#define __OPTR(i, t, a)	(__builtin_classify_type((t)0) == 5 ? 1UL << (i) : 0UL)

/*
 * SYSCALL_DEFINEn(name, t1, a1, ...) defines long sys_name(t1 a1, ...):
 * the wrapper that the rest of the kernel calls, which runs the generic
 * check around the body that follows the macro; a stub that takes the
 * arguments as registers; and a registration so the driver can find it.
 */
#define __ORACLE_SYSCALLx(x, fname, ...)					\
	static inline long __oracle_body_##fname(__OMAP(x, __ODECL, __VA_ARGS__)); \
	long fname(__OMAP(x, __ODECL, __VA_ARGS__));				\
	long fname(__OMAP(x, __ODECL, __VA_ARGS__))				\
	{									\
		ADDR_LIMIT_CHECK_PRE();						\
		long __ret = __oracle_body_##fname(__OMAP(x, __OARG, __VA_ARGS__)); \
		ADDR_LIMIT_CHECK_POST();					\
		return __ret;							\
	}									\
	static long __oracle_stub_##fname(const unsigned long *__oa)		\
	{									\
		return fname(__OCMAP(x, __OCAST, __VA_ARGS__));		\
	}									\
	static struct oracle_syscall __oracle_sc_##fname = {			\
		#fname, x, __OPMAP(x, __OPTR, __VA_ARGS__), __oracle_stub_##fname, NULL \
	};									\
	__attribute__((constructor)) static void __oracle_reg_##fname(void)	\
	{									\
		oracle_register_syscall(&__oracle_sc_##fname);			\
	}									\
	static inline long __oracle_body_##fname(__OMAP(x, __ODECL, __VA_ARGS__))

#define __ORACLE_SYSCALL0(fname)						\
	static inline long __oracle_body_##fname(void);				\
	long fname(void);							\
	long fname(void)							\
	{									\
		ADDR_LIMIT_CHECK_PRE();						\
		long __ret = __oracle_body_##fname();				\
		ADDR_LIMIT_CHECK_POST();					\
		return __ret;							\
	}									\
	static long __oracle_stub_##fname(const unsigned long *__oa)		\
	{									\
		(void)__oa;							\
		return fname();							\
	}									\
	static struct oracle_syscall __oracle_sc_##fname = {			\
		#fname, 0, 0UL, __oracle_stub_##fname, NULL			\
	};									\
	__attribute__((constructor)) static void __oracle_reg_##fname(void)	\
	{									\
		oracle_register_syscall(&__oracle_sc_##fname);			\
	}									\
	static inline long __oracle_body_##fname(void)

#define SYSCALL_DEFINE0(name)		__ORACLE_SYSCALL0(sys_##name)
#define SYSCALL_DEFINE1(name, ...)	__ORACLE_SYSCALLx(1, sys_##name, __VA_ARGS__)
#define SYSCALL_DEFINE2(name, ...)	__ORACLE_SYSCALLx(2, sys_##name, __VA_ARGS__)
#define SYSCALL_DEFINE3(name, ...)	__ORACLE_SYSCALLx(3, sys_##name, __VA_ARGS__)
#define SYSCALL_DEFINE4(name, ...)	__ORACLE_SYSCALLx(4, sys_##name, __VA_ARGS__)
#define SYSCALL_DEFINE5(name, ...)	__ORACLE_SYSCALLx(5, sys_##name, __VA_ARGS__)
#define SYSCALL_DEFINE6(name, ...)	__ORACLE_SYSCALLx(6, sys_##name, __VA_ARGS__)
#define COMPAT_SYSCALL_DEFINE0(name)	__ORACLE_SYSCALL0(compat_sys_##name)
#define COMPAT_SYSCALL_DEFINE1(name, ...) __ORACLE_SYSCALLx(1, compat_sys_##name, __VA_ARGS__)
#define COMPAT_SYSCALL_DEFINE2(name, ...) __ORACLE_SYSCALLx(2, compat_sys_##name, __VA_ARGS__)
#define COMPAT_SYSCALL_DEFINE3(name, ...) __ORACLE_SYSCALLx(3, compat_sys_##name, __VA_ARGS__)
#define COMPAT_SYSCALL_DEFINE4(name, ...) __ORACLE_SYSCALLx(4, compat_sys_##name, __VA_ARGS__)
#define COMPAT_SYSCALL_DEFINE5(name, ...) __ORACLE_SYSCALLx(5, compat_sys_##name, __VA_ARGS__)
#define COMPAT_SYSCALL_DEFINE6(name, ...) __ORACLE_SYSCALLx(6, compat_sys_##name, __VA_ARGS__)

/* The model's own system calls, which kernel code of the set_fs() era
 * also called directly on kernel buffers. */
long sys_read(unsigned int fd, char __user *buf, size_t count);
long sys_write(unsigned int fd, const char __user *buf, size_t count);
long sys_open(const char __user *filename, int flags, umode_t mode);
long sys_close(unsigned int fd);
long sys_lseek(unsigned int fd, loff_t offset, unsigned int whence);
long sys_ioctl(unsigned int fd, unsigned int cmd, unsigned long arg);
long compat_sys_ioctl(unsigned int fd, unsigned int cmd, compat_ulong_t arg);
long ksys_read(unsigned int fd, char __user *buf, size_t count);
long ksys_write(unsigned int fd, const char __user *buf, size_t count);

/* ---- declared so that other kernel-style files compile; not modelled ------
 * Sockets, network devices, block devices, kernel threads, paths, time.
 * A case that calls one of these links against nothing and fails to
 * build under the oracle; the analyzer's own test files only need them
 * to compile.
 */

#define EMSGSIZE	90
#define ENOBUFS		105
#define EADDRINUSE	98
#define ENETDOWN	100
#define ECONNRESET	104

struct pt_regs {
	unsigned long regs[31];
	unsigned long sp, pc, pstate;
	unsigned long ax, bx, cx, dx, si, di, bp, ip, flags;
};
#define user_mode(regs)		1
#define user_stack_pointer(regs) ((regs)->sp)

typedef struct {
	int dummy;
} wait_queue_head_t;
#define DECLARE_WAIT_QUEUE_HEAD(w)	wait_queue_head_t w = { 0 }
#define init_waitqueue_head(w)		((w)->dummy = 0)
#define wake_up(w)			((void)(w))
#define wake_up_interruptible(w)	((void)(w))
#define wait_event_interruptible(w, c)	({ (void)(w); (c) ? 0 : -ERESTARTSYS; })
#define wait_event_timeout(w, c, t)	({ (void)(w); (c) ? (long)(t) : 0L; })
#define wait_event_interruptible_timeout(w, c, t) wait_event_timeout(w, c, t)
bool kthread_should_stop(void);
struct task_struct *kthread_run_fn(int (*fn)(void *), void *data, const char *name);
#define kthread_run(fn, data, fmt, ...)	kthread_run_fn(fn, data, fmt)
int kthread_stop(struct task_struct *k);
void allow_signal(int sig);
#define SIGKILL 9
#define SIGTERM 15
void set_current_state(long state);
#define TASK_INTERRUPTIBLE	1
#define TASK_UNINTERRUPTIBLE	2
#define TASK_RUNNING		0
long schedule_timeout(long timeout);
long schedule_timeout_interruptible(long timeout);

struct work_struct;
typedef void (*work_func_t)(struct work_struct *work);
struct work_struct {
	work_func_t func;
};
struct delayed_work {
	struct work_struct work;
};
#define INIT_WORK(w, f)		((w)->func = (f))
#define INIT_DELAYED_WORK(w, f)	((w)->work.func = (f))
bool schedule_work(struct work_struct *work);
bool schedule_delayed_work(struct delayed_work *dwork, unsigned long delay);
bool cancel_work_sync(struct work_struct *work);
#define to_delayed_work(w)	container_of(w, struct delayed_work, work)

bool mmget_not_zero(struct mm_struct *mm);
void mmput(struct mm_struct *mm);
void use_mm(struct mm_struct *mm);
void unuse_mm(struct mm_struct *mm);
void kthread_use_mm(struct mm_struct *mm);
void kthread_unuse_mm(struct mm_struct *mm);

u32 crc32_le(u32 crc, const unsigned char *p, size_t len);
#define crc32(seed, data, len)	crc32_le(seed, data, len)

extern unsigned int oracle_nr_cpus;
#define num_online_cpus()	oracle_nr_cpus
#define num_possible_cpus()	oracle_nr_cpus
#define for_each_online_cpu(cpu)	for ((cpu) = 0; (cpu) < (int)oracle_nr_cpus; (cpu)++)
#define for_each_possible_cpu(cpu)	for_each_online_cpu(cpu)
#define for_each_present_cpu(cpu)	for_each_online_cpu(cpu)
#define smp_processor_id()		0

struct timespec64 {
	s64 tv_sec;
	long tv_nsec;
};
struct old_timespec32 {
	s32 tv_sec;
	s32 tv_nsec;
};
struct timeval {
	long tv_sec;
	long tv_usec;
};
struct timespec {
	long tv_sec;
	long tv_nsec;
};
int get_old_timespec32(struct timespec64 *ts, const void __user *uts);
int put_old_timespec32(const struct timespec64 *ts, void __user *uts);
void ktime_get_real_ts64(struct timespec64 *ts);

struct kstat {
	umode_t mode;
	unsigned int nlink;
	loff_t size;
	u64 ino;
	struct timespec64 atime, mtime, ctime;
};
int vfs_stat(const char __user *filename, struct kstat *stat);
int vfs_getattr(const struct path *path, struct kstat *stat, u32 request_mask, unsigned int flags);
#define STATX_BASIC_STATS	0x7ff
#define AT_STATX_SYNC_AS_STAT	0
#define LOOKUP_FOLLOW		0x0001
#define LOOKUP_DIRECTORY	0x0002
int kern_path(const char *name, unsigned int flags, struct path *path);
void path_put(const struct path *path);
struct dentry *lookup_one_len(const char *name, struct dentry *base, int len);
void dput(struct dentry *dentry);
static inline struct inode *d_inode(const struct dentry *d) { return d->d_inode; }
int vfs_unlink(struct inode *dir, struct dentry *dentry, struct inode **delegated);
int vfs_mkdir(struct inode *dir, struct dentry *dentry, umode_t mode);
void inode_lock(struct inode *inode);
void inode_unlock(struct inode *inode);
long ksys_ioctl(unsigned int fd, unsigned int cmd, unsigned long arg);
long sys_newstat(const char __user *filename, void __user *statbuf);
long sys_unlink(const char __user *pathname);
long sys_mkdir(const char __user *pathname, umode_t mode);
long sys_sync(void);

/* block devices */
struct request_queue;
struct hd_geometry {
	unsigned char heads;
	unsigned char sectors;
	unsigned short cylinders;
	unsigned long start;
};
#define HDIO_GETGEO		0x0301
#define BLKFLSBUF		_IO(0x12, 97)
#define BLKGETSIZE64		_IOR(0x12, 114, size_t)
struct gendisk {
	int major;
	int first_minor;
	char disk_name[32];
	const struct block_device_operations *fops;
	void *private_data;
	struct request_queue *queue;
};
struct block_device {
	dev_t bd_dev;
	struct gendisk *bd_disk;
	struct inode *bd_inode;
};
struct block_device_operations {
	int (*open)(struct block_device *, fmode_t);
	void (*release)(struct gendisk *, fmode_t);
	int (*ioctl)(struct block_device *, fmode_t, unsigned, unsigned long);
	int (*compat_ioctl)(struct block_device *, fmode_t, unsigned, unsigned long);
	int (*getgeo)(struct block_device *, struct hd_geometry *);
	struct module *owner;
};
int blkdev_ioctl(struct block_device *bdev, fmode_t mode, unsigned cmd, unsigned long arg);
sector_t get_capacity(struct gendisk *disk);

/* sockets */
#define AF_UNSPEC	0
#define AF_UNIX		1
#define AF_INET		2
#define AF_INET6	10
#define PF_INET		AF_INET
#define SOCK_STREAM	1
#define SOCK_DGRAM	2
#define SOL_SOCKET	1
#define SO_REUSEADDR	2
#define SO_KEEPALIVE	9
#define SO_SNDBUF	7
#define SO_RCVBUF	8
#define SO_RCVTIMEO	20
#define SO_SNDTIMEO	21
#define SOL_TCP		6
#define IPPROTO_TCP	6
#define IPPROTO_UDP	17
#define TCP_NODELAY	1
#define TCP_KEEPIDLE	4
#define MSG_DONTWAIT	0x40
#define MSG_NOSIGNAL	0x4000
#define MSG_WAITALL	0x100
#define SIOCINQ		0x541B
#define SIOCOUTQ	0x5411
#define SIOCGSTAMP	0x8906
#define SIOCGIFFLAGS	0x8913
#define SIOCGMIIPHY	0x8947
#define SIOCGMIIREG	0x8948
#define SIOCSMIIREG	0x8949
#define SIOCDEVPRIVATE	0x89F0
#define IFNAMSIZ	16
#define ETH_ALEN	6
typedef unsigned short sa_family_t;
typedef u16 __sum16;
struct sockaddr {
	sa_family_t sa_family;
	char sa_data[14];
};
struct iovec {
	void __user *iov_base;
	size_t iov_len;
};
struct kvec {
	void *iov_base;
	size_t iov_len;
};
struct msghdr {
	void *msg_name;
	int msg_namelen;
	struct iovec *msg_iov;
	size_t msg_iovlen;
	void *msg_control;
	size_t msg_controllen;
	unsigned int msg_flags;
};
struct sock {
	int sk_rcvbuf;
	int sk_sndbuf;
	void *sk_user_data;
};
struct proto_ops;
struct socket {
	int state;
	short type;
	struct sock *sk;
	const struct proto_ops *ops;
	struct file *file;
};
struct proto_ops {
	int family;
	struct module *owner;
	int (*release)(struct socket *sock);
	int (*bind)(struct socket *sock, struct sockaddr *addr, int len);
	int (*connect)(struct socket *sock, struct sockaddr *addr, int len, int flags);
	int (*ioctl)(struct socket *sock, unsigned int cmd, unsigned long arg);
	int (*compat_ioctl)(struct socket *sock, unsigned int cmd, unsigned long arg);
	int (*listen)(struct socket *sock, int len);
	int (*shutdown)(struct socket *sock, int flags);
	int (*setsockopt)(struct socket *sock, int level, int optname, char __user *optval, unsigned int optlen);
	int (*getsockopt)(struct socket *sock, int level, int optname, char __user *optval, int __user *optlen);
	int (*sendmsg)(struct socket *sock, struct msghdr *m, size_t total_len);
	int (*recvmsg)(struct socket *sock, struct msghdr *m, size_t total_len, int flags);
};
int sock_create_kern(void *net, int family, int type, int proto, struct socket **res);
void sock_release(struct socket *sock);
int sock_setsockopt(struct socket *sock, int level, int op, char __user *optval, unsigned int optlen);
int sock_getsockopt(struct socket *sock, int level, int op, char __user *optval, int __user *optlen);
int kernel_setsockopt(struct socket *sock, int level, int optname, char *optval, unsigned int optlen);
int sock_sendmsg(struct socket *sock, struct msghdr *msg);
int sock_recvmsg(struct socket *sock, struct msghdr *msg, int flags);
int kernel_sendmsg(struct socket *sock, struct msghdr *msg, struct kvec *vec, size_t num, size_t len);
int kernel_recvmsg(struct socket *sock, struct msghdr *msg, struct kvec *vec, size_t num, size_t len, int flags);
int kernel_bind(struct socket *sock, struct sockaddr *addr, int addrlen);
int kernel_connect(struct socket *sock, struct sockaddr *addr, int addrlen, int flags);
int sock_recv_timestamp_dummy(void);
extern void *init_net_ptr;
#define init_net	(*(char *)init_net_ptr)

/* network devices */
struct ifmap {
	unsigned long mem_start;
	unsigned long mem_end;
	unsigned short base_addr;
	unsigned char irq;
	unsigned char dma;
	unsigned char port;
};
struct ifreq {
	char ifr_name[IFNAMSIZ];
	union {
		struct sockaddr ifru_addr;
		short ifru_flags;
		int ifru_ivalue;
		int ifru_mtu;
		struct ifmap ifru_map;
		char ifru_slave[IFNAMSIZ];
		void __user *ifru_data;
	} ifr_ifru;
};
#define ifr_name_	ifr_name
#define ifr_data	ifr_ifru.ifru_data
#define ifr_flags	ifr_ifru.ifru_flags
#define ifr_mtu		ifr_ifru.ifru_mtu
#define ifr_slave	ifr_ifru.ifru_slave
struct mii_ioctl_data {
	u16 phy_id;
	u16 reg_num;
	u16 val_in;
	u16 val_out;
};
static inline struct mii_ioctl_data *if_mii(struct ifreq *rq)
{
	return (struct mii_ioctl_data *)&rq->ifr_ifru;
}
struct net_device;
struct net_device_ops {
	int (*ndo_open)(struct net_device *dev);
	int (*ndo_stop)(struct net_device *dev);
	int (*ndo_do_ioctl)(struct net_device *dev, struct ifreq *ifr, int cmd);
	int (*ndo_siocdevprivate)(struct net_device *dev, struct ifreq *ifr, void __user *data, int cmd);
	int (*ndo_eth_ioctl)(struct net_device *dev, struct ifreq *ifr, int cmd);
	int (*ndo_set_mac_address)(struct net_device *dev, void *addr);
	int (*ndo_change_mtu)(struct net_device *dev, int new_mtu);
};
struct net_device {
	char name[IFNAMSIZ];
	unsigned int flags;
	unsigned int mtu;
	unsigned char dev_addr[ETH_ALEN];
	const struct net_device_ops *netdev_ops;
	struct device dev;
	void *priv;
};
static inline void *netdev_priv(const struct net_device *dev) { return dev->priv; }
struct net_device *dev_get_by_name(void *net, const char *name);
void dev_put(struct net_device *dev);
#define netdev_err(d, fmt, ...)		((void)(d), printk(KERN_ERR fmt, ##__VA_ARGS__))
#define netdev_warn(d, fmt, ...)	((void)(d), printk(KERN_WARNING fmt, ##__VA_ARGS__))
#define netdev_info(d, fmt, ...)	((void)(d), printk(KERN_INFO fmt, ##__VA_ARGS__))
static inline bool is_valid_ether_addr(const u8 *addr)
{
	return !(addr[0] & 1) && (addr[0] | addr[1] | addr[2] | addr[3] | addr[4] | addr[5]);
}
static inline void ether_addr_copy(u8 *dst, const u8 *src) { memcpy(dst, src, ETH_ALEN); }
static inline void eth_zero_addr(u8 *addr) { memset(addr, 0, ETH_ALEN); }
bool mac_pton(const char *s, u8 *mac);

#endif /* ORACLE_KERNEL_H */
