// SPDX-License-Identifier: GPL-2.0
/*
 * A user-space model of the kernel's uaccess layer and of the way back
 * to user mode, precise enough to run a driver's entry points and see
 * whether the address limit leaks.
 *
 * Memory: a user arena below TASK_SIZE (= USER_DS) and a kernel arena
 * above it, both mapped at fixed addresses.  Everything else the process
 * owns (stack, globals, the C heap) lies above TASK_SIZE too, so it is
 * kernel memory as far as access_ok() is concerned.  The first
 * ORACLE_VICTIM_SIZE bytes of the kernel arena are never handed out:
 * any access there came through a pointer user space chose.
 *
 * Services (kmalloc, filp_open, vfs_read, fget, ...) behave as the
 * kernel's of the set_fs() era (4.14-5.9): kernel_read() raises the
 * limit itself, vfs_read() checks the buffer against the limit, fput()
 * defers the release to task work that runs on the way out.  Each
 * fallible service counts its calls; the schedule in force says which
 * call fails and how (see ORACLE_SITES in model.h).
 *
 * The way out: the system-call wrapper (generic check, form 1), then
 * the exit path that tests _TIF_USER_WORK_MASK once and, if any work is
 * pending, loops over it; TIF_FSCHECK (form 2) is one such work bit, or
 * (form 3) is tested on its own before the loop.  A check that fails
 * ends the simulated task, as SIGKILL would.
 */
#include <setjmp.h>
#include <stdio.h>

#include "oracle/kernel.h"
#include "model.h"

extern void abort(void) __attribute__((noreturn));
/* Weak: a case without module_init() leaves it undefined (NULL). */
extern int (*const __oracle_module_init)(void) __attribute__((weak));

__thread struct thread_info oracle_thread_info = { 0, { TASK_SIZE } };
struct task_struct oracle_task = { .comm = "oracle", .pid = 4242, .tgid = 4242 };
struct module __this_module = { "oracle_case" };
volatile unsigned long jiffies = 4294937296UL;

/* ---- fault sites ------------------------------------------------------ */

const char *const oracle_site_name[OS_NSITES] = {
#define X(id, name, modes, m1, m2) name,
	ORACLE_SITES(X)
#undef X
};
const int oracle_site_modes[OS_NSITES] = {
#define X(id, name, modes, m1, m2) modes,
	ORACLE_SITES(X)
#undef X
};
static const char *const site_mode1[OS_NSITES] = {
#define X(id, name, modes, m1, m2) m1,
	ORACLE_SITES(X)
#undef X
};
static const char *const site_mode2[OS_NSITES] = {
#define X(id, name, modes, m1, m2) m2,
	ORACLE_SITES(X)
#undef X
};

const char *oracle_mode_name(int site, int mode)
{
	if (site < 0 || site >= OS_NSITES)
		return "?";
	return mode == 2 ? site_mode2[site] : site_mode1[site];
}

/* ---- the simulated task ------------------------------------------------ */

#define LIVELOCK_CALLS	100000	/* fallible calls before a run counts as stuck */

static struct oracle_result *cur;		/* the running task's record; NULL outside one */
static const struct oracle_schedule *cur_sched;
static int faults_on;				/* fallible calls count (not during setup) */
static int no_fault_depth;			/* inside the model's own plumbing */
static int ncalls;
static sigjmp_buf task_jmp;
static sigjmp_buf *volatile uaccess_jmp;	/* the "exception table" of a raw copy */
static int compat_call;				/* the running system call is a 32-bit one */

static void __attribute__((noreturn, format(printf, 2, 3))) end_task(int how, const char *fmt, ...)
{
	va_list ap;

	if (!cur) {
		va_start(ap, fmt);
		fputs("oracle: ", stderr);
		vfprintf(stderr, fmt, ap);
		fputs(" (outside a simulated task)\n", stderr);
		va_end(ap);
		abort();
	}
	cur->end = how;
	cur->raised_at_end = !segment_eq(get_fs(), USER_DS);
	va_start(ap, fmt);
	vsnprintf(cur->where, sizeof(cur->where), fmt, ap);
	va_end(ap);
	faults_on = 0;
	siglongjmp(task_jmp, 1);
}

/* The k-th fallible call of the run: 0 to succeed, else the failure mode. */
static int oracle_fault(int site)
{
	int k;

	if (!cur || !faults_on || no_fault_depth)
		return 0;
	k = ++ncalls;
	cur->ncalls = k;
	if (k <= ORACLE_MAX_CALLS)
		cur->site[k - 1] = (unsigned char)site;
	if (k > LIVELOCK_CALLS)
		end_task(OE_LIVELOCK, "more than %d fallible calls", LIVELOCK_CALLS);
	for (int i = 0; i < cur_sched->n; i++)
		if (cur_sched->f[i].at == k)
			return cur_sched->f[i].mode;
	return 0;
}

void oracle_bug(const char *file, int line, const char *what)
{
	end_task(OE_OOPS, "%s at %s:%d", what, file, line);
}

void oracle_warn(const char *file, int line)
{
}

void panic(const char *fmt, ...)
{
	char msg[96];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	end_task(OE_PANIC, "panic: %s", msg);
}

void do_exit(long code)
{
	end_task(OE_EXIT, "do_exit(%ld)", code);
}

static void on_fault_signal(int sig)
{
	if (uaccess_jmp)
		siglongjmp(*uaccess_jmp, 1);
	end_task(OE_OOPS, "kernel fault (signal %d) outside a uaccess routine", sig);
}

/* ---- return to user mode ------------------------------------------------ */

static void oracle_violation(int check, const char *what)
{
	if (cur)
		cur->check = check;
	end_task(OE_VIOLATION, "%s", what);
}

/* Out of line on purpose: the common case never calls it. */
noinline void addr_limit_user_check(void)
{
#ifdef TIF_FSCHECK
	if (!test_thread_flag(TIF_FSCHECK))
		return;
#endif
	if (unlikely(!segment_eq(get_fs(), USER_DS)))
		oracle_violation(OC_EXIT_PATH, "Invalid address limit on user-mode return");
#ifdef TIF_FSCHECK
	clear_thread_flag(TIF_FSCHECK);
#endif
}

#if defined(CONFIG_ADDR_LIMIT_CHECK) && !defined(TIF_FSCHECK)
/* The arch hook behind the generic wrapper check.  Weak, so an arch (or
 * the benchmark) can supply its own. */
__attribute__((weak)) noinline void addr_limit_check_failed(void)
{
	oracle_violation(OC_WRAPPER, "Invalid address limit on user-mode return (syscall wrapper)");
}
#endif

/* Deferred work run on the way out: the final fput() of a file. */
#define MAX_TASK_WORK 16
static struct file *task_work[MAX_TASK_WORK];
static int ntask_work;
static void __fput(struct file *file);

static void task_work_run(void)
{
	while (ntask_work > 0)
		__fput(task_work[--ntask_work]);
}

static noinline void exit_to_user_mode_loop(unsigned long ti_work)
{
	do {
#if ORACLE_FORM == 2
		addr_limit_user_check();
#endif
		if (ti_work & _TIF_NOTIFY_RESUME) {
			clear_thread_flag(TIF_NOTIFY_RESUME);
			task_work_run();
		}
		if (ti_work & _TIF_SIGPENDING)
			clear_thread_flag(TIF_SIGPENDING);
		if (ti_work & _TIF_NEED_RESCHED)
			clear_thread_flag(TIF_NEED_RESCHED);
		ti_work = READ_ONCE(current_thread_info()->flags);
	} while (ti_work & _TIF_USER_WORK_MASK);
}

static inline void syscall_exit_to_user_mode(void)
{
	unsigned long ti_work;

#if ORACLE_FORM == 3
	/* x86: once, before the work below, which can call set_fs() again */
	if (unlikely(test_thread_flag(TIF_FSCHECK)))
		addr_limit_user_check();
#endif
	ti_work = READ_ONCE(current_thread_info()->flags);
	if (unlikely(ti_work & _TIF_USER_WORK_MASK))
		exit_to_user_mode_loop(ti_work);
}

noinline long oracle_do_syscall(long (*call)(const unsigned long *args), const unsigned long *args)
{
	long ret = call(args);

	syscall_exit_to_user_mode();
	return ret;
}

static struct oracle_syscall *syscalls;

void oracle_register_syscall(struct oracle_syscall *sc)
{
	sc->next = syscalls;
	syscalls = sc;
}

bool in_compat_syscall(void)
{
	return compat_call;
}

/* ---- uaccess ------------------------------------------------------------- */

#define VICTIM_BASE	ORACLE_KERNEL_BASE
#define VICTIM_END	(ORACLE_KERNEL_BASE + ORACLE_VICTIM_SIZE)

static void note_victim(unsigned long a, unsigned long n, int write)
{
	if (cur && n && a < VICTIM_END && a + n > VICTIM_BASE) {
		if (write)
			cur->kptr_write = 1;
		else
			cur->kptr_read = 1;
		if (!segment_eq(get_fs(), USER_DS))
			cur->kptr_raised = 1;
	}
}

/* Bytes from user-range address a on that are mapped: only the user arena is. */
static unsigned long user_span(unsigned long a, unsigned long n)
{
	if (a < ORACLE_USER_BASE || a >= ORACLE_USER_END)
		return 0;
	return min(n, ORACLE_USER_END - a);
}

/* Copy n bytes where at least one side is a kernel address that may be
 * bad; a fault stops the copy, as the exception table would.  Returns the
 * bytes copied (to a page boundary). */
static unsigned long guarded_copy(void *dst, const void *src, unsigned long n)
{
	volatile unsigned long done = 0;
	sigjmp_buf jb;

	uaccess_jmp = &jb;
	if (sigsetjmp(jb, 0) == 0) {
		while (done < n) {
			unsigned long d = (unsigned long)dst + done, s = (unsigned long)src + done;
			unsigned long chunk = min(n - done, PAGE_SIZE - (s & (PAGE_SIZE - 1)));

			chunk = min(chunk, PAGE_SIZE - (d & (PAGE_SIZE - 1)));
			memcpy((void *)d, (const void *)s, chunk);
			done += chunk;
		}
	}
	uaccess_jmp = NULL;
	return done;
}

/* Move n bytes between kernel buffer k and address ua, which may be a
 * user or (under KERNEL_DS, or unchecked) a kernel one.  Returns the
 * bytes not moved. */
static unsigned long raw_xfer(void *k, unsigned long ua, unsigned long n, int to_user, int site)
{
	unsigned long done;

	if (!n)
		return 0;
	if (ua < TASK_SIZE) {
		if (oracle_fault(site))
			return n;
		done = user_span(ua, n);
		if (to_user)
			memmove((void *)ua, k, done);
		else
			memmove(k, (const void *)ua, done);
	} else {
		done = to_user ? guarded_copy((void *)ua, k, n) : guarded_copy(k, (const void *)ua, n);
		note_victim(ua, done, to_user);
	}
	return n - done;
}

unsigned long copy_from_user(void *to, const void __user *from, unsigned long n)
{
	unsigned long res = n;

	if (WARN_ON(n > INT_MAX))	/* check_copy_size() */
		return n;
	if (likely(access_ok(from, n)))
		res = raw_xfer(to, (unsigned long)from, n, 0, OS_COPY_FROM_USER);
	if (unlikely(res))
		memset((char *)to + (n - res), 0, res);
	return res;
}

unsigned long copy_to_user(void __user *to, const void *from, unsigned long n)
{
	if (WARN_ON(n > INT_MAX))
		return n;
	if (likely(access_ok(to, n)))
		return raw_xfer((void *)from, (unsigned long)to, n, 1, OS_COPY_TO_USER);
	return n;
}

/* No access_ok(): the caller was supposed to have done it. */
unsigned long __copy_from_user(void *to, const void __user *from, unsigned long n)
{
	return raw_xfer(to, (unsigned long)from, n, 0, OS_COPY_FROM_USER);
}

unsigned long __copy_to_user(void __user *to, const void *from, unsigned long n)
{
	return raw_xfer((void *)from, (unsigned long)to, n, 1, OS_COPY_TO_USER);
}

int oracle_get_user(void *dst, const void __user *src, size_t size, int check)
{
	if ((check && !access_ok(src, size)) ||
	    raw_xfer(dst, (unsigned long)src, size, 0, OS_GET_USER)) {
		memset(dst, 0, size);
		return -EFAULT;
	}
	return 0;
}

int oracle_put_user(void __user *dst, const void *src, size_t size, int check)
{
	if (check && !access_ok(dst, size))
		return -EFAULT;
	return raw_xfer((void *)src, (unsigned long)dst, size, 1, OS_PUT_USER) ? -EFAULT : 0;
}

/* One byte from a user or kernel address: 0 or -EFAULT. */
static int fetch_byte(unsigned long a, char *c)
{
	if (a < TASK_SIZE) {
		if (!user_span(a, 1))
			return -EFAULT;
		*c = *(const char *)a;
		return 0;
	}
	if (guarded_copy(c, (const void *)a, 1) != 1)
		return -EFAULT;
	note_victim(a, 1, 0);
	return 0;
}

long strncpy_from_user(char *dst, const char __user *src, long count)
{
	unsigned long a = (unsigned long)src, limit = get_fs().seg, max;
	long i;

	if (count <= 0)
		return 0;
	if (a >= limit)
		return -EFAULT;
	max = limit - a;
	if (a < TASK_SIZE && oracle_fault(OS_STRNCPY_FROM_USER))
		return -EFAULT;
	for (i = 0; i < count; i++) {
		char c;

		if ((unsigned long)i >= max || fetch_byte(a + i, &c))
			return -EFAULT;
		dst[i] = c;
		if (!c)
			return i;
	}
	return count;
}

long strnlen_user(const char __user *str, long n)
{
	unsigned long a = (unsigned long)str, limit = get_fs().seg;
	long i;

	if (n <= 0 || a >= limit)
		return 0;
	if (a < TASK_SIZE && oracle_fault(OS_STRNCPY_FROM_USER))
		return 0;
	for (i = 0; i < n; i++) {
		char c;

		if (a + i >= limit || fetch_byte(a + i, &c))
			return 0;
		if (!c)
			return i + 1;
	}
	return n + 1;
}

static unsigned long raw_clear(unsigned long a, unsigned long n)
{
	static const char zeros[PAGE_SIZE];
	unsigned long left = n;

	if (a < TASK_SIZE && oracle_fault(OS_CLEAR_USER))
		return n;
	while (left) {
		unsigned long chunk = min(left, (unsigned long)PAGE_SIZE), miss;

		if (a < TASK_SIZE) {
			unsigned long ok = user_span(a, chunk);

			memset((void *)a, 0, ok);
			miss = chunk - ok;
		} else {
			miss = chunk - guarded_copy((void *)a, zeros, chunk);
			note_victim(a, chunk - miss, 1);
		}
		left -= chunk - miss;
		if (miss)
			break;
		a += chunk;
	}
	return left;
}

unsigned long clear_user(void __user *to, unsigned long n)
{
	if (!access_ok(to, n))
		return n;
	return raw_clear((unsigned long)to, n);
}

unsigned long __clear_user(void __user *to, unsigned long n)
{
	return raw_clear((unsigned long)to, n);
}

/* ---- kernel memory --------------------------------------------------- */

struct kblk {
	size_t size;		/* bytes asked for; (size_t)-1 once freed */
	size_t magic;
};
#define KBLK_MAGIC	0x6f7261636c65UL
static unsigned long heap_next;

static void *heap_alloc(size_t size, int zero, size_t max)
{
	unsigned long p = ALIGN(heap_next, 16UL), end = ORACLE_KERNEL_BASE + ORACLE_KERNEL_SIZE;
	struct kblk *b;

	if (size > max || p + sizeof(*b) > end || size > end - p - sizeof(*b))
		return NULL;
	b = (struct kblk *)p;
	b->size = size;
	b->magic = KBLK_MAGIC;
	heap_next = p + sizeof(*b) + size;
	memset(b + 1, zero ? 0 : 0x5a, size);	/* kmalloc memory is not zeroed */
	return b + 1;
}

static void heap_free(const void *p, const char *who)
{
	struct kblk *b;

	if (!p || p == (const void *)16)
		return;
	if ((unsigned long)p < VICTIM_END + sizeof(*b) ||
	    (unsigned long)p >= ORACLE_KERNEL_BASE + ORACLE_KERNEL_SIZE)
		end_task(OE_OOPS, "%s of %p, which it did not allocate", who, p);
	b = (struct kblk *)p - 1;
	if (b->magic != KBLK_MAGIC)
		end_task(OE_OOPS, "%s of %p, not the start of a block", who, p);
	if (b->size == (size_t)-1)
		end_task(OE_OOPS, "double %s of %p", who, p);
	b->size = (size_t)-1;
}

void *kmalloc(size_t size, gfp_t flags)
{
	if (oracle_fault(OS_KMALLOC))
		return NULL;
	return heap_alloc(size, flags & __GFP_ZERO, KMALLOC_MAX_SIZE);
}

void *kzalloc(size_t size, gfp_t flags)
{
	return kmalloc(size, flags | __GFP_ZERO);
}

void *kmalloc_array(size_t n, size_t size, gfp_t flags)
{
	if (size && n > SIZE_MAX_K / size)
		return NULL;
	return kmalloc(n * size, flags);
}

void *kcalloc(size_t n, size_t size, gfp_t flags)
{
	return kmalloc_array(n, size, flags | __GFP_ZERO);
}

void *krealloc(const void *p, size_t size, gfp_t flags)
{
	void *n = kmalloc(size, flags);

	if (n && p) {
		memcpy(n, p, min(size, ((const struct kblk *)p - 1)->size));
		heap_free(p, "krealloc");
	}
	return n;
}

void kfree(const void *p)
{
	heap_free(p, "kfree");
}

void kfree_sensitive(const void *p)
{
	heap_free(p, "kfree_sensitive");
}

void *kmemdup(const void *src, size_t len, gfp_t gfp)
{
	void *p = kmalloc(len, gfp);

	if (p)
		memcpy(p, src, len);
	return p;
}

char *kstrdup(const char *s, gfp_t gfp)
{
	return s ? kmemdup(s, strlen(s) + 1, gfp) : NULL;
}

char *kstrndup(const char *s, size_t max, gfp_t gfp)
{
	size_t len;
	char *p;

	if (!s)
		return NULL;
	len = strnlen(s, max);
	p = kmalloc(len + 1, gfp);
	if (p) {
		memcpy(p, s, len);
		p[len] = 0;
	}
	return p;
}

void *vmalloc(unsigned long size)
{
	if (oracle_fault(OS_KMALLOC))
		return NULL;
	return heap_alloc(size, 0, ORACLE_KERNEL_SIZE);
}

void *vzalloc(unsigned long size)
{
	if (oracle_fault(OS_KMALLOC))
		return NULL;
	return heap_alloc(size, 1, ORACLE_KERNEL_SIZE);
}

void vfree(const void *addr)
{
	heap_free(addr, "vfree");
}

void *kvmalloc(size_t size, gfp_t flags)
{
	if (oracle_fault(OS_KMALLOC))
		return NULL;
	return heap_alloc(size, flags & __GFP_ZERO, ORACLE_KERNEL_SIZE);
}

void *kvzalloc(size_t size, gfp_t flags)
{
	return kvmalloc(size, flags | __GFP_ZERO);
}

void kvfree(const void *addr)
{
	heap_free(addr, "kvfree");
}

unsigned long __get_free_page(gfp_t gfp)
{
	return (unsigned long)kmalloc(PAGE_SIZE, gfp);
}

unsigned long get_zeroed_page(gfp_t gfp)
{
	return (unsigned long)kzalloc(PAGE_SIZE, gfp);
}

void free_page(unsigned long addr)
{
	heap_free((const void *)addr, "free_page");
}

void *devm_kzalloc(struct device *dev, size_t size, gfp_t gfp)
{
	return kzalloc(size, gfp);
}

void *devm_kmalloc(struct device *dev, size_t size, gfp_t gfp)
{
	return kmalloc(size, gfp);
}

void *memdup_user(const void __user *src, size_t len)
{
	void *p = kmalloc(len, GFP_KERNEL);

	if (!p)
		return ERR_PTR(-ENOMEM);
	if (copy_from_user(p, src, len)) {
		kfree(p);
		return ERR_PTR(-EFAULT);
	}
	return p;
}

void *memdup_user_nul(const void __user *src, size_t len)
{
	char *p = kmalloc(len + 1, GFP_KERNEL);

	if (!p)
		return ERR_PTR(-ENOMEM);
	if (copy_from_user(p, src, len)) {
		kfree(p);
		return ERR_PTR(-EFAULT);
	}
	p[len] = 0;
	return p;
}

char *strndup_user(const char __user *s, long n)
{
	long length = strnlen_user(s, n);
	char *p;

	if (!length)
		return ERR_PTR(-EFAULT);
	if (length > n)
		return ERR_PTR(-EINVAL);
	p = memdup_user(s, length);
	if (IS_ERR(p))
		return p;
	p[length - 1] = 0;
	return p;
}

/* ---- the in-memory file system ----------------------------------------- */

enum node_kind { NODE_REG, NODE_DEV, NODE_SYSFS };

#define MAX_NODES	32
#define NODE_DATA	8192
struct oracle_node {
	char path[128];
	int kind;			/* enum node_kind */
	size_t size;
	unsigned char data[NODE_DATA];
	struct inode inode;
};
static struct oracle_node nodes[MAX_NODES];
static int nnodes;

#define DEV_PATH	"/dev/oracle"
#define SYSFS_PATH	"/sys/devices/platform/oracle/attr"
#define FD_DEV		3	/* the device node, opened before the call */
#define FD_DATA		4	/* a regular file */
#define FD_SYSFS	5	/* the sysfs attribute under test */
#define MAX_FDS		16
static struct file *fdt[MAX_FDS];

/* What the device node and the sysfs file are wired to for this run. */
static const struct file_operations *dev_fops;
static const struct proc_ops *dev_proc_ops;
static void *dev_proc_data;
static const struct device_attribute *sysfs_attr;
static struct miscdevice *registered_misc;
static const struct proc_ops *registered_proc_ops;

static struct platform_device oracle_pdev = { .name = "oracle", .id = -1 };
static struct i2c_client oracle_client = { .addr = 0x42, .name = "oracle" };
static struct device *attr_dev = &oracle_pdev.dev;

static const char default_content[] =
	"ORACLE01 this is the default content of every file in the model\n";

static struct oracle_node *node_create(const char *path, int kind, const char *data, size_t len)
{
	struct oracle_node *n;

	if (nnodes == MAX_NODES)
		return NULL;
	n = &nodes[nnodes++];
	snprintf(n->path, sizeof(n->path), "%s", path);
	n->kind = kind;
	n->size = min(len, (size_t)NODE_DATA);
	if (data)
		memcpy(n->data, data, n->size);
	n->inode.i_mode = kind == NODE_REG ? S_IFREG | 0644 : S_IFCHR | 0666;
	n->inode.i_ino = (unsigned long)nnodes;
	n->inode.i_rdev = kind == NODE_DEV ? (10UL << 8) | 42 : 0;
	n->inode.i_size = (loff_t)n->size;
	n->inode.oracle_node = n;
	return n;
}

/* Every path exists: unknown ones hold the default content. */
static struct oracle_node *node_lookup(const char *path)
{
	for (int i = 0; i < nnodes; i++)
		if (!strcmp(nodes[i].path, path))
			return &nodes[i];
	return node_create(path, NODE_REG, default_content, sizeof(default_content) - 1);
}

static ssize_t memfile_read(struct file *file, char __user *buf, size_t count, loff_t *ppos)
{
	struct oracle_node *n = file->f_inode->oracle_node;
	int mode = oracle_fault(OS_FILE_READ);

	if (mode == 1)
		return -EIO;
	if (mode == 2)
		count /= 2;
	return simple_read_from_buffer(buf, count, ppos, n->data, n->size);
}

static ssize_t memfile_write(struct file *file, const char __user *buf, size_t count, loff_t *ppos)
{
	struct oracle_node *n = file->f_inode->oracle_node;
	int mode = oracle_fault(OS_FILE_WRITE);
	ssize_t ret;

	if (mode == 1)
		return -ENOSPC;
	if (mode == 2)
		count /= 2;
	ret = simple_write_to_buffer(n->data, NODE_DATA, ppos, buf, count);
	if (ret > 0 && (size_t)*ppos > n->size) {
		n->size = (size_t)*ppos;
		n->inode.i_size = *ppos;
	}
	return ret;
}

static const struct file_operations memfile_fops = {
	.llseek = default_llseek,
	.read = memfile_read,
	.write = memfile_write,
};

/* proc files: the VFS sees these, which forward to the proc_ops. */
static ssize_t proc_reg_read(struct file *f, char __user *b, size_t n, loff_t *p)
{
	return f->oracle_proc_ops->proc_read ? f->oracle_proc_ops->proc_read(f, b, n, p) : -EIO;
}

static ssize_t proc_reg_write(struct file *f, const char __user *b, size_t n, loff_t *p)
{
	return f->oracle_proc_ops->proc_write ? f->oracle_proc_ops->proc_write(f, b, n, p) : -EIO;
}

static long proc_reg_ioctl(struct file *f, unsigned int cmd, unsigned long arg)
{
	return f->oracle_proc_ops->proc_ioctl ? f->oracle_proc_ops->proc_ioctl(f, cmd, arg) : -ENOTTY;
}

static long proc_reg_compat_ioctl(struct file *f, unsigned int cmd, unsigned long arg)
{
	return f->oracle_proc_ops->proc_compat_ioctl ?
		f->oracle_proc_ops->proc_compat_ioctl(f, cmd, arg) : -ENOTTY;
}

static loff_t proc_reg_llseek(struct file *f, loff_t off, int whence)
{
	return f->oracle_proc_ops->proc_lseek ? f->oracle_proc_ops->proc_lseek(f, off, whence) :
		default_llseek(f, off, whence);
}

static int proc_reg_open(struct inode *inode, struct file *f)
{
	return f->oracle_proc_ops->proc_open ? f->oracle_proc_ops->proc_open(inode, f) : 0;
}

static int proc_reg_release(struct inode *inode, struct file *f)
{
	return f->oracle_proc_ops->proc_release ? f->oracle_proc_ops->proc_release(inode, f) : 0;
}

static const struct file_operations proc_reg_fops = {
	.llseek = proc_reg_llseek,
	.read = proc_reg_read,
	.write = proc_reg_write,
	.unlocked_ioctl = proc_reg_ioctl,
	.compat_ioctl = proc_reg_compat_ioctl,
	.open = proc_reg_open,
	.release = proc_reg_release,
};

/* sysfs attribute files: kernfs copies through a kernel page. */
static char sysfs_page[PAGE_SIZE];

static ssize_t sysfs_kf_read(struct file *f, char __user *buf, size_t count, loff_t *ppos)
{
	const struct device_attribute *attr = f->private_data;
	ssize_t len;

	if (!attr || !attr->show)
		return -EIO;
	memset(sysfs_page, 0, sizeof(sysfs_page));
	len = attr->show(attr_dev, (struct device_attribute *)attr, sysfs_page);
	if (len < 0)
		return len;
	if ((size_t)len >= PAGE_SIZE)
		len = PAGE_SIZE - 1;
	return simple_read_from_buffer(buf, count, ppos, sysfs_page, (size_t)len);
}

static ssize_t sysfs_kf_write(struct file *f, const char __user *buf, size_t count, loff_t *ppos)
{
	const struct device_attribute *attr = f->private_data;
	unsigned long miss;

	if (!attr || !attr->store)
		return -EIO;
	if (count >= PAGE_SIZE)
		count = PAGE_SIZE - 1;
	no_fault_depth++;
	miss = copy_from_user(sysfs_page, buf, count);
	no_fault_depth--;
	if (miss)
		return -EFAULT;
	sysfs_page[count] = 0;
	return attr->store(attr_dev, (struct device_attribute *)attr, sysfs_page, count);
}

static const struct file_operations sysfs_fops = {
	.read = sysfs_kf_read,
	.write = sysfs_kf_write,
};

static const struct file_operations no_fops;

/* Files come from a static pool: allocating one is not a fault site. */
#define MAX_FILES 32
static struct file files[MAX_FILES];

static struct file *file_alloc(struct oracle_node *n, int flags)
{
	struct file *f = NULL;

	for (int i = 0; i < MAX_FILES && !f; i++)
		if (!files[i].f_count)
			f = &files[i];
	if (!f)
		return ERR_PTR(-ENFILE);
	memset(f, 0, sizeof(*f));
	f->f_count = 1;
	f->f_inode = &n->inode;
	f->oracle_dentry.d_inode = &n->inode;
	f->oracle_dentry.d_name.name = n->path;
	f->oracle_dentry.d_name.len = (unsigned int)strlen(n->path);
	f->f_path.dentry = &f->oracle_dentry;
	f->f_flags = (unsigned int)flags;
	f->f_mode = FMODE_LSEEK | FMODE_PREAD | FMODE_PWRITE;
	if ((flags & O_ACCMODE) != O_WRONLY)
		f->f_mode |= FMODE_READ;
	if ((flags & O_ACCMODE) != O_RDONLY)
		f->f_mode |= FMODE_WRITE;
	switch (n->kind) {
	case NODE_REG:
		f->f_op = &memfile_fops;
		if (flags & O_TRUNC) {
			n->size = 0;
			n->inode.i_size = 0;
		}
		break;
	case NODE_DEV:
		f->f_op = dev_proc_ops ? &proc_reg_fops : dev_fops ? dev_fops : &no_fops;
		f->oracle_proc_ops = dev_proc_ops;
		n->inode.i_private = dev_proc_data;
		break;
	case NODE_SYSFS:
		f->f_op = &sysfs_fops;
		f->private_data = (void *)sysfs_attr;
		break;
	}
	return f;
}

static void __fput(struct file *file)
{
	if (file->f_op && file->f_op->release)
		file->f_op->release(file->f_inode, file);
	file->f_count = 0;
}

void fput(struct file *file)
{
	if (file->f_count <= 0)
		end_task(OE_OOPS, "fput of a file with no references left");
	if (--file->f_count > 0)
		return;
	/* As in the kernel: the release runs from task work on the way out. */
	if (ntask_work < MAX_TASK_WORK) {
		task_work[ntask_work++] = file;
		set_thread_flag(TIF_NOTIFY_RESUME);
	} else {
		__fput(file);
	}
}

/* Open n and run its ->open, as do_filp_open() would. */
static struct file *open_node(struct oracle_node *n, int flags)
{
	struct file *f = file_alloc(n, flags);
	int ret;

	if (IS_ERR(f))
		return f;
	if (n->kind == NODE_DEV && registered_misc)
		f->private_data = registered_misc;	/* misc_open() does this */
	if (f->f_op->open) {
		ret = f->f_op->open(f->f_inode, f);
		if (ret) {
			f->f_count = 0;
			return ERR_PTR(ret);
		}
	}
	return f;
}

struct file *filp_open(const char *filename, int flags, umode_t mode)
{
	struct oracle_node *n;

	if (oracle_fault(OS_FILP_OPEN))
		return ERR_PTR(-ENOENT);
	n = node_lookup(filename);
	if (!n)
		return ERR_PTR(-ENOMEM);
	return open_node(n, flags);
}

int filp_close(struct file *filp, fl_owner_t id)
{
	int ret = 0;

	if (!filp || IS_ERR(filp))
		end_task(OE_OOPS, "filp_close(%p)", (void *)filp);
	if (filp->f_op && filp->f_op->flush)
		ret = filp->f_op->flush(filp, id);
	fput(filp);
	return ret;
}

#define MAX_RW_COUNT (INT_MAX & PAGE_MASK)

ssize_t vfs_read(struct file *file, char __user *buf, size_t count, loff_t *pos)
{
	if (!(file->f_mode & FMODE_READ))
		return -EBADF;
	if (!file->f_op->read)
		return -EINVAL;
	if (unlikely(!access_ok(buf, count)))
		return -EFAULT;
	if (count > MAX_RW_COUNT)
		count = MAX_RW_COUNT;
	return file->f_op->read(file, buf, count, pos ? pos : &file->f_pos);
}

ssize_t vfs_write(struct file *file, const char __user *buf, size_t count, loff_t *pos)
{
	if (!(file->f_mode & FMODE_WRITE))
		return -EBADF;
	if (!file->f_op->write)
		return -EINVAL;
	if (unlikely(!access_ok(buf, count)))
		return -EFAULT;
	if (count > MAX_RW_COUNT)
		count = MAX_RW_COUNT;
	return file->f_op->write(file, buf, count, pos ? pos : &file->f_pos);
}

/* 4.14 to 5.9: a kernel buffer through the user-buffer path. */
ssize_t kernel_read(struct file *file, void *buf, size_t count, loff_t *pos)
{
	mm_segment_t old_fs = get_fs();
	ssize_t ret;

	set_fs(KERNEL_DS);
	ret = vfs_read(file, (char __user *)buf, count, pos);
	set_fs(old_fs);
	return ret;
}

ssize_t kernel_write(struct file *file, const void *buf, size_t count, loff_t *pos)
{
	mm_segment_t old_fs = get_fs();
	ssize_t ret;

	set_fs(KERNEL_DS);
	ret = vfs_write(file, (const char __user *)buf, count, pos);
	set_fs(old_fs);
	return ret;
}

loff_t default_llseek(struct file *file, loff_t offset, int whence)
{
	loff_t pos;

	switch (whence) {
	case SEEK_SET:
		pos = offset;
		break;
	case SEEK_CUR:
		pos = file->f_pos + offset;
		break;
	case SEEK_END:
		pos = i_size_read(file->f_inode) + offset;
		break;
	default:
		return -EINVAL;
	}
	if (pos < 0)
		return -EINVAL;
	file->f_pos = pos;
	return pos;
}

loff_t generic_file_llseek(struct file *file, loff_t offset, int whence)
{
	return default_llseek(file, offset, whence);
}

loff_t no_llseek(struct file *file, loff_t offset, int whence)
{
	return -ESPIPE;
}

loff_t noop_llseek(struct file *file, loff_t offset, int whence)
{
	return file->f_pos;
}

loff_t vfs_llseek(struct file *file, loff_t offset, int whence)
{
	if (!file->f_op->llseek)
		return -ESPIPE;
	return file->f_op->llseek(file, offset, whence);
}

int vfs_fsync(struct file *file, int datasync)
{
	return file->f_op->fsync ? file->f_op->fsync(file, 0, LLONG_MAX, datasync) : -EINVAL;
}

int nonseekable_open(struct inode *inode, struct file *filp)
{
	filp->f_mode &= ~(FMODE_LSEEK | FMODE_PREAD | FMODE_PWRITE);
	return 0;
}

int simple_open(struct inode *inode, struct file *file)
{
	if (inode->i_private)
		file->private_data = inode->i_private;
	return 0;
}

ssize_t simple_read_from_buffer(void __user *to, size_t count, loff_t *ppos,
				const void *from, size_t available)
{
	loff_t pos = *ppos;
	size_t ret;

	if (pos < 0)
		return -EINVAL;
	if ((size_t)pos >= available || !count)
		return 0;
	if (count > available - (size_t)pos)
		count = available - (size_t)pos;
	ret = copy_to_user(to, (const char *)from + pos, count);
	if (ret == count)
		return -EFAULT;
	count -= ret;
	*ppos = pos + (loff_t)count;
	return (ssize_t)count;
}

ssize_t simple_write_to_buffer(void *to, size_t available, loff_t *ppos,
			       const void __user *from, size_t count)
{
	loff_t pos = *ppos;
	size_t res;

	if (pos < 0)
		return -EINVAL;
	if ((size_t)pos >= available || !count)
		return 0;
	if (count > available - (size_t)pos)
		count = available - (size_t)pos;
	res = copy_from_user((char *)to + pos, from, count);
	if (res == count)
		return -EFAULT;
	count -= res;
	*ppos = pos + (loff_t)count;
	return (ssize_t)count;
}

/* The descriptor table lookup of the model's own system calls: user
 * space's own descriptor, not a fault site. */
static struct file *fd_file(unsigned int fd)
{
	return fd < MAX_FDS ? fdt[fd] : NULL;
}

struct file *fget(unsigned int fd)
{
	struct file *f;

	if (oracle_fault(OS_FGET))
		return NULL;
	f = fd_file(fd);
	if (f)
		f->f_count++;
	return f;
}

struct fd fdget(unsigned int fd)
{
	struct fd f = { fget(fd), 0 };

	return f;
}

void fdput(struct fd f)
{
	if (f.file)
		fput(f.file);
}

int get_unused_fd_flags(unsigned int flags)
{
	for (int i = 0; i < MAX_FDS; i++)
		if (!fdt[i])
			return i;
	return -EMFILE;
}

void fd_install(unsigned int fd, struct file *file)
{
	if (fd < MAX_FDS)
		fdt[fd] = file;
}

void put_unused_fd(unsigned int fd)
{
}

/* ---- the model's own system calls ----------------------------------------- */

long ksys_read(unsigned int fd, char __user *buf, size_t count)
{
	struct file *f = fd_file(fd);
	loff_t pos;
	ssize_t ret;

	if (!f)
		return -EBADF;
	pos = f->f_pos;
	ret = vfs_read(f, buf, count, &pos);
	if (ret >= 0)
		f->f_pos = pos;
	return ret;
}

long ksys_write(unsigned int fd, const char __user *buf, size_t count)
{
	struct file *f = fd_file(fd);
	loff_t pos;
	ssize_t ret;

	if (!f)
		return -EBADF;
	pos = f->f_pos;
	ret = vfs_write(f, buf, count, &pos);
	if (ret >= 0)
		f->f_pos = pos;
	return ret;
}

SYSCALL_DEFINE3(read, unsigned int, fd, char __user *, buf, size_t, count)
{
	return ksys_read(fd, buf, count);
}

SYSCALL_DEFINE3(write, unsigned int, fd, const char __user *, buf, size_t, count)
{
	return ksys_write(fd, buf, count);
}

SYSCALL_DEFINE3(open, const char __user *, filename, int, flags, umode_t, mode)
{
	char name[128];
	struct oracle_node *n = NULL;
	struct file *f;
	long len;
	int fd;

	no_fault_depth++;
	len = strncpy_from_user(name, filename, sizeof(name));
	no_fault_depth--;
	if (len < 0)
		return len;
	if (len == (long)sizeof(name))
		return -ENAMETOOLONG;
	for (int i = 0; i < nnodes && !n; i++)
		if (!strcmp(nodes[i].path, name))
			n = &nodes[i];
	if (!n)
		return -ENOENT;
	fd = get_unused_fd_flags(0);
	if (fd < 0)
		return fd;
	f = open_node(n, flags);
	if (IS_ERR(f))
		return PTR_ERR(f);
	fd_install(fd, f);
	return fd;
}

SYSCALL_DEFINE1(close, unsigned int, fd)
{
	struct file *f = fd_file(fd);

	if (!f)
		return -EBADF;
	fdt[fd] = NULL;
	return filp_close(f, NULL);
}

SYSCALL_DEFINE3(lseek, unsigned int, fd, loff_t, offset, unsigned int, whence)
{
	struct file *f = fd_file(fd);

	if (!f)
		return -EBADF;
	if (whence > SEEK_END)
		return -EINVAL;
	return vfs_llseek(f, offset, (int)whence);
}

SYSCALL_DEFINE3(ioctl, unsigned int, fd, unsigned int, cmd, unsigned long, arg)
{
	struct file *f = fd_file(fd);
	long ret;

	if (!f)
		return -EBADF;
	if (!f->f_op->unlocked_ioctl)
		return -ENOTTY;
	ret = f->f_op->unlocked_ioctl(f, cmd, arg);
	if (ret == -ENOIOCTLCMD)
		ret = -ENOTTY;
	return ret;
}

COMPAT_SYSCALL_DEFINE3(ioctl, unsigned int, fd, unsigned int, cmd, compat_ulong_t, arg)
{
	struct file *f = fd_file(fd);
	long ret;

	if (!f)
		return -EBADF;
	if (!f->f_op->compat_ioctl)
		return -ENOTTY;
	ret = f->f_op->compat_ioctl(f, cmd, arg);
	if (ret == -ENOIOCTLCMD)
		ret = -ENOTTY;
	return ret;
}

/* ---- devices, drivers, proc --------------------------------------------- */

struct proc_dir_entry {
	const char *name;
};
static struct proc_dir_entry proc_entry = { "oracle" };

struct proc_dir_entry *proc_create_data(const char *name, umode_t mode, struct proc_dir_entry *parent,
					const struct proc_ops *proc_ops, void *data)
{
	registered_proc_ops = proc_ops;
	dev_proc_data = data;
	return &proc_entry;
}

struct proc_dir_entry *proc_create(const char *name, umode_t mode, struct proc_dir_entry *parent,
				   const struct proc_ops *proc_ops)
{
	return proc_create_data(name, mode, parent, proc_ops, NULL);
}

struct proc_dir_entry *proc_mkdir(const char *name, struct proc_dir_entry *parent)
{
	return &proc_entry;
}

void remove_proc_entry(const char *name, struct proc_dir_entry *parent)
{
}

void proc_remove(struct proc_dir_entry *de)
{
}

void *PDE_DATA(const struct inode *inode)
{
	return inode->i_private;
}

int misc_register(struct miscdevice *misc)
{
	registered_misc = misc;
	misc->this_device = &oracle_pdev.dev;
	return 0;
}

void misc_deregister(struct miscdevice *misc)
{
}

int platform_driver_register(struct platform_driver *drv)
{
	oracle_pdev.dev.driver = &drv->driver;
	return drv->probe ? drv->probe(&oracle_pdev) : 0;
}

void platform_driver_unregister(struct platform_driver *drv)
{
}

int i2c_add_driver(struct i2c_driver *drv)
{
	oracle_client.dev.driver = &drv->driver;
	attr_dev = &oracle_client.dev;
	return drv->probe ? drv->probe(&oracle_client, drv->id_table) : 0;
}

void i2c_del_driver(struct i2c_driver *drv)
{
}

s32 i2c_smbus_read_byte_data(const struct i2c_client *client, u8 command)
{
	return oracle_fault(OS_I2C) ? -EIO : 0x5a;
}

s32 i2c_smbus_write_byte_data(const struct i2c_client *client, u8 command, u8 value)
{
	return oracle_fault(OS_I2C) ? -EIO : 0;
}

s32 i2c_smbus_read_word_data(const struct i2c_client *client, u8 command)
{
	return oracle_fault(OS_I2C) ? -EIO : 0x5a5a;
}

s32 i2c_smbus_write_word_data(const struct i2c_client *client, u8 command, u16 value)
{
	return oracle_fault(OS_I2C) ? -EIO : 0;
}

int device_create_file(struct device *dev, const struct device_attribute *attr)
{
	return 0;
}

void device_remove_file(struct device *dev, const struct device_attribute *attr)
{
}

int sysfs_create_group(struct kobject *kobj, const struct attribute_group *grp)
{
	return 0;
}

void sysfs_remove_group(struct kobject *kobj, const struct attribute_group *grp)
{
}

int request_firmware(const struct firmware **fw, const char *name, struct device *device)
{
	char path[160];
	struct oracle_node *n;
	struct firmware *f;

	*fw = NULL;
	if (oracle_fault(OS_FIRMWARE))
		return -ENOENT;
	snprintf(path, sizeof(path), "/lib/firmware/%s", name);
	n = node_lookup(path);
	f = heap_alloc(sizeof(*f), 1, KMALLOC_MAX_SIZE);
	if (!n || !f)
		return -ENOMEM;
	f->size = n->size;
	f->data = n->data;
	*fw = f;
	return 0;
}

void release_firmware(const struct firmware *fw)
{
}

/* ---- scheduling, signals, capabilities, locks ------------------------------ */

bool signal_pending(struct task_struct *p)
{
	return oracle_fault(OS_SIGNAL) != 0;
}

bool fatal_signal_pending(struct task_struct *p)
{
	return false;
}

bool capable(int cap)
{
	return !oracle_fault(OS_CAPABLE);
}

int mutex_lock_interruptible(struct mutex *m)
{
	if (oracle_fault(OS_MUTEX_INTR))
		return -EINTR;
	m->locked = 1;
	return 0;
}

int mutex_lock_killable(struct mutex *m)
{
	return mutex_lock_interruptible(m);
}

long wait_for_completion_interruptible_timeout(struct completion *c, unsigned long timeout)
{
	return oracle_fault(OS_WAIT) ? 0 : (long)(timeout ? timeout : 1);
}

unsigned long wait_for_completion_timeout(struct completion *c, unsigned long timeout)
{
	return oracle_fault(OS_WAIT) ? 0 : (timeout ? timeout : 1);
}

void schedule(void) { }
void cond_resched(void) { }
void might_sleep(void) { }
void msleep(unsigned int msecs) { jiffies += msecs / 10 + 1; }
unsigned long msleep_interruptible(unsigned int msecs) { msleep(msecs); return 0; }
void usleep_range(unsigned long lo, unsigned long hi) { }
void udelay(unsigned long usecs) { }
void mdelay(unsigned long msecs) { }
void ssleep(unsigned int seconds) { jiffies += seconds * HZ; }
unsigned long msecs_to_jiffies(unsigned int m) { return (m + 9) / 10; }
unsigned int jiffies_to_msecs(unsigned long j) { return (unsigned int)(j * 10); }

static u64 clock_ns = 1000000000ULL;
ktime_t ktime_get(void) { return (ktime_t)(clock_ns += 1000); }
u64 ktime_get_ns(void) { return clock_ns += 1000; }

/* ---- printing and strings ----------------------------------------------------- */

int printk(const char *fmt, ...)
{
	return 0;
}

int vscnprintf(char *buf, size_t size, const char *fmt, va_list args)
{
	int i;

	if (!size)
		return 0;
	i = vsnprintf(buf, size, fmt, args);
	if (i < 0)
		return 0;
	return (size_t)i < size ? i : (int)(size - 1);
}

int scnprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int i;

	va_start(ap, fmt);
	i = vscnprintf(buf, size, fmt, ap);
	va_end(ap);
	return i;
}

int sysfs_emit(char *buf, const char *fmt, ...)
{
	va_list ap;
	int i;

	va_start(ap, fmt);
	i = vscnprintf(buf, PAGE_SIZE, fmt, ap);
	va_end(ap);
	return i;
}

char *kasprintf(gfp_t gfp, const char *fmt, ...)
{
	va_list ap;
	char *p;
	int len;

	va_start(ap, fmt);
	len = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	p = kmalloc((size_t)len + 1, gfp);
	if (!p)
		return NULL;
	va_start(ap, fmt);
	vsnprintf(p, (size_t)len + 1, fmt, ap);
	va_end(ap);
	return p;
}

static int is_xdigit(char c)
{
	return (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'f');
}

/* The kernel's _parse_integer(): digits only, then at most one newline. */
static int parse_ull(const char *s, unsigned int base, unsigned long long *res)
{
	unsigned long long acc = 0;
	int any = 0;

	if (base == 0) {
		if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X') && is_xdigit(s[2]))
			base = 16, s += 2;
		else if (s[0] == '0')
			base = 8;
		else
			base = 10;
	} else if (base == 16 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		s += 2;
	}
	for (;; s++, any = 1) {
		unsigned int d;

		if (*s >= '0' && *s <= '9')
			d = (unsigned int)(*s - '0');
		else if (*s >= 'a' && *s <= 'z')
			d = (unsigned int)(*s - 'a' + 10);
		else if (*s >= 'A' && *s <= 'Z')
			d = (unsigned int)(*s - 'A' + 10);
		else
			break;
		if (d >= base)
			break;
		if (acc > (ULLONG_MAX - d) / base)
			return -ERANGE;
		acc = acc * base + d;
	}
	if (!any)
		return -EINVAL;
	if (*s == '\n')
		s++;
	if (*s)
		return -EINVAL;
	*res = acc;
	return 0;
}

int kstrtoull(const char *s, unsigned int base, unsigned long long *res)
{
	if (s[0] == '+')
		s++;
	return parse_ull(s, base, res);
}

int kstrtoll(const char *s, unsigned int base, long long *res)
{
	unsigned long long tmp;
	int rv;

	if (s[0] == '-') {
		rv = parse_ull(s + 1, base, &tmp);
		if (rv < 0)
			return rv;
		if (tmp > (unsigned long long)LLONG_MAX + 1)
			return -ERANGE;
		*res = -(long long)(tmp - 1) - 1;
		return 0;
	}
	rv = kstrtoull(s, base, &tmp);
	if (rv < 0)
		return rv;
	if (tmp > LLONG_MAX)
		return -ERANGE;
	*res = (long long)tmp;
	return 0;
}

#define KSTRTO_UNSIGNED(name, type, maxv)					\
	int name(const char *s, unsigned int base, type *res)			\
	{									\
		unsigned long long tmp;						\
		int rv = kstrtoull(s, base, &tmp);				\
		if (rv < 0)							\
			return rv;						\
		if (tmp > (maxv))						\
			return -ERANGE;						\
		*res = (type)tmp;						\
		return 0;							\
	}
#define KSTRTO_SIGNED(name, type, minv, maxv)					\
	int name(const char *s, unsigned int base, type *res)			\
	{									\
		long long tmp;							\
		int rv = kstrtoll(s, base, &tmp);				\
		if (rv < 0)							\
			return rv;						\
		if (tmp < (minv) || tmp > (maxv))				\
			return -ERANGE;						\
		*res = (type)tmp;						\
		return 0;							\
	}
KSTRTO_UNSIGNED(kstrtoul, unsigned long, ULONG_MAX)
KSTRTO_UNSIGNED(kstrtouint, unsigned int, UINT_MAX)
KSTRTO_UNSIGNED(kstrtou32, u32, U32_MAX)
KSTRTO_UNSIGNED(kstrtou16, u16, U16_MAX)
KSTRTO_UNSIGNED(kstrtou8, u8, U8_MAX)
KSTRTO_SIGNED(kstrtol, long, LONG_MIN, LONG_MAX)
KSTRTO_SIGNED(kstrtoint, int, INT_MIN, INT_MAX)
KSTRTO_SIGNED(kstrtos32, s32, INT_MIN, INT_MAX)

int kstrtobool(const char *s, bool *res)
{
	if (!s)
		return -EINVAL;
	switch (s[0]) {
	case 'y': case 'Y': case '1':
		*res = true;
		return 0;
	case 'n': case 'N': case '0':
		*res = false;
		return 0;
	case 'o': case 'O':
		if (s[1] == 'n' || s[1] == 'N') {
			*res = true;
			return 0;
		}
		if (s[1] == 'f' || s[1] == 'F') {
			*res = false;
			return 0;
		}
		break;
	}
	return -EINVAL;
}

int kstrtoul_from_user(const char __user *s, size_t count, unsigned int base, unsigned long *res)
{
	char buf[24];

	count = min(count, sizeof(buf) - 1);
	if (copy_from_user(buf, s, count))
		return -EFAULT;
	buf[count] = 0;
	return kstrtoul(buf, base, res);
}

int kstrtoint_from_user(const char __user *s, size_t count, unsigned int base, int *res)
{
	char buf[24];

	count = min(count, sizeof(buf) - 1);
	if (copy_from_user(buf, s, count))
		return -EFAULT;
	buf[count] = 0;
	return kstrtoint(buf, base, res);
}

unsigned long simple_strtoul(const char *cp, char **endp, unsigned int base)
{
	unsigned long acc = 0;

	if (!base)
		base = (cp[0] == '0' && (cp[1] == 'x' || cp[1] == 'X')) ? 16 : cp[0] == '0' ? 8 : 10;
	if (base == 16 && cp[0] == '0' && (cp[1] == 'x' || cp[1] == 'X'))
		cp += 2;
	for (;; cp++) {
		unsigned int d;

		if (*cp >= '0' && *cp <= '9')
			d = (unsigned int)(*cp - '0');
		else if ((*cp | 0x20) >= 'a' && (*cp | 0x20) <= 'z')
			d = (unsigned int)((*cp | 0x20) - 'a' + 10);
		else
			break;
		if (d >= base)
			break;
		acc = acc * base + d;
	}
	if (endp)
		*endp = (char *)cp;
	return acc;
}

long simple_strtol(const char *cp, char **endp, unsigned int base)
{
	if (*cp == '-')
		return -(long)simple_strtoul(cp + 1, endp, base);
	return (long)simple_strtoul(cp, endp, base);
}

size_t strlcpy(char *dst, const char *src, size_t size)
{
	size_t ret = strlen(src);

	if (size) {
		size_t len = ret >= size ? size - 1 : ret;

		memcpy(dst, src, len);
		dst[len] = 0;
	}
	return ret;
}

ssize_t strscpy(char *dst, const char *src, size_t count)
{
	size_t len;

	if (!count)
		return -E2BIG;
	len = strnlen(src, count);
	if (len == count) {
		memcpy(dst, src, count - 1);
		dst[count - 1] = 0;
		return -E2BIG;
	}
	memcpy(dst, src, len + 1);
	return (ssize_t)len;
}

static int is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

char *skip_spaces(const char *s)
{
	while (is_space(*s))
		s++;
	return (char *)s;
}

char *strim(char *s)
{
	size_t size = strlen(s);
	char *end;

	if (!size)
		return s;
	end = s + size - 1;
	while (end >= s && is_space(*end))
		end--;
	end[1] = 0;
	return skip_spaces(s);
}

bool sysfs_streq(const char *s1, const char *s2)
{
	while (*s1 && *s1 == *s2) {
		s1++;
		s2++;
	}
	if (*s1 == *s2)
		return true;
	if (!*s1 && *s2 == '\n' && !s2[1])
		return true;
	if (*s1 == '\n' && !s1[1] && !*s2)
		return true;
	return false;
}

int match_string(const char *const *array, size_t n, const char *string)
{
	for (size_t i = 0; i < n; i++) {
		if (!array[i])
			break;
		if (!strcmp(array[i], string))
			return (int)i;
	}
	return -EINVAL;
}

/* ---- running one simulated process ----------------------------------------- */

static const struct oracle_case *the_case;

static unsigned char victim_byte(unsigned long i)
{
	return (unsigned char)(i * 131 + 7);
}

int oracle_model_boot(const struct oracle_case *c, char *why, size_t whylen)
{
	unsigned char *victim;
	int probe;

	the_case = c;
	if (!oracle_os_map_fixed(ORACLE_USER_BASE, ORACLE_USER_SIZE) ||
	    !oracle_os_map_fixed(ORACLE_KERNEL_BASE, ORACLE_KERNEL_SIZE)) {
		snprintf(why, whylen, "cannot map the arenas at %#lx and %#lx",
			 ORACLE_USER_BASE, ORACLE_KERNEL_BASE);
		return -1;
	}
	/* Anything of ours below TASK_SIZE would pass access_ok() as user memory. */
	if ((unsigned long)&probe < TASK_SIZE || (unsigned long)nodes < TASK_SIZE ||
	    (unsigned long)c < TASK_SIZE || (unsigned long)&oracle_thread_info < TASK_SIZE) {
		snprintf(why, whylen, "the process image lies below TASK_SIZE (%#lx); build with -fPIE -pie",
			 TASK_SIZE);
		return -1;
	}
	victim = (unsigned char *)VICTIM_BASE;
	for (unsigned long i = 0; i < ORACLE_VICTIM_SIZE; i++)
		victim[i] = victim_byte(i);
	heap_next = VICTIM_END;

	node_create("/oracle/fd0", NODE_REG, default_content, sizeof(default_content) - 1);
	node_create("/oracle/fd1", NODE_REG, default_content, sizeof(default_content) - 1);
	node_create("/oracle/fd2", NODE_REG, default_content, sizeof(default_content) - 1);
	node_create("/oracle/data", NODE_REG, default_content, sizeof(default_content) - 1);
	node_create(DEV_PATH, NODE_DEV, NULL, 0);
	node_create(SYSFS_PATH, NODE_SYSFS, NULL, 0);
	for (int i = 0; i < c->nfiles; i++) {
		struct oracle_node *n = NULL;

		for (int j = 0; j < nnodes && !n; j++)
			if (!strcmp(nodes[j].path, c->files[i].path))
				n = &nodes[j];
		if (!n)
			n = node_create(c->files[i].path, NODE_REG, NULL, 0);
		if (!n) {
			snprintf(why, whylen, "too many files");
			return -1;
		}
		n->size = min(c->files[i].len, (size_t)NODE_DATA);
		memcpy(n->data, c->files[i].data, n->size);
		n->inode.i_size = (loff_t)n->size;
	}
	oracle_os_catch_faults(on_fault_signal);
	return 0;
}

int oracle_entry_params(const struct oracle_entry *e, char *classes)
{
	const struct oracle_syscall *sc = e->syscall;
	int n = 0;

	switch (e->route) {
	case OR_SYSCALL:
		if (!sc || sc->nargs > 6)
			return -1;
		for (n = 0; n < sc->nargs; n++)
			classes[n] = (sc->ptrmask >> n) & 1 ? 'p' : 'i';
		break;
	case OR_PLAIN_SYSCALL:
		n = (int)strlen(e->plain_args);
		if (n > 6)
			return -1;
		memcpy(classes, e->plain_args, (size_t)n);
		break;
	case OR_IOCTL:
	case OR_COMPAT_IOCTL:
		memcpy(classes, "ca", n = 2);
		break;
	case OR_READ:
	case OR_WRITE:
		memcpy(classes, "pn", n = 2);
		break;
	case OR_LLSEEK:
		memcpy(classes, "ow", n = 2);
		break;
	case OR_ATTR_STORE:
		memcpy(classes, "s", n = 1);
		break;
	case OR_OPEN:
	case OR_RELEASE:
	case OR_ATTR_SHOW:
		break;
	default:
		return -1;
	}
	classes[n] = 0;
	return n;
}

#define USER_BUF(i)	(ORACLE_USER_BASE + 0x1000 + (unsigned long)(i) * 0x10000)
#define USER_PATH	(ORACLE_USER_BASE + 0x80000)
#define VICTIM_PTR	(VICTIM_BASE + 0x100)

static size_t arg_len[6];	/* bytes of user buffer i */

static unsigned long materialise(const struct oracle_val *v, int i)
{
	switch (v->kind) {
	case OV_USER:
		arg_len[i] = min(the_case->string_lens[v->str], (size_t)0x10000);
		memset((void *)USER_BUF(i), 0, 0x10000);
		memcpy((void *)USER_BUF(i), the_case->strings[v->str], arg_len[i]);
		return USER_BUF(i);
	case OV_VICTIM:
		return VICTIM_PTR;
	default:
		return v->v;
	}
}

static void install_fds(const struct oracle_entry *e)
{
	static const char *const std[] = { "/oracle/fd0", "/oracle/fd1", "/oracle/fd2" };
	int file_route = e->route != OR_SYSCALL && e->route != OR_PLAIN_SYSCALL &&
			 e->route != OR_ATTR_SHOW && e->route != OR_ATTR_STORE;

	dev_fops = NULL;
	dev_proc_ops = NULL;
	if (file_route && e->ops_is_proc)
		dev_proc_ops = e->ops;
	else if (file_route)
		dev_fops = e->ops;
	else if (registered_misc)
		dev_fops = registered_misc->fops;
	else if (registered_proc_ops)
		dev_proc_ops = registered_proc_ops;
	sysfs_attr = e->route == OR_ATTR_SHOW || e->route == OR_ATTR_STORE ? e->ops : NULL;

	for (int i = 0; i < 3; i++)
		fdt[i] = file_alloc(node_lookup(std[i]), O_RDWR);
	fdt[FD_DATA] = file_alloc(node_lookup("/oracle/data"), O_RDWR);
	fdt[FD_SYSFS] = file_alloc(node_lookup(SYSFS_PATH), O_RDWR);
	/* The device was opened earlier: no ->open now (OR_OPEN opens it again). */
	fdt[FD_DEV] = file_alloc(node_lookup(DEV_PATH), O_RDWR);
	if (registered_misc && !dev_proc_ops)
		fdt[FD_DEV]->private_data = registered_misc;
}

#define STUB(name) __oracle_stub_##name

static long route(const struct oracle_entry *e, const unsigned long *a)
{
	const struct oracle_syscall *sc = e->syscall;
	unsigned long r[6] = { 0 };

	switch (e->route) {
	case OR_SYSCALL:
		compat_call = !strncmp(sc->name, "compat_", 7);
		return oracle_do_syscall(sc->call, a);
	case OR_PLAIN_SYSCALL:
		compat_call = !strncmp(e->name, "compat_", 7);
		return oracle_do_syscall(e->plain, a);
	case OR_IOCTL:
		r[0] = FD_DEV, r[1] = a[0], r[2] = a[1];
		return oracle_do_syscall(STUB(sys_ioctl), r);
	case OR_COMPAT_IOCTL:
		compat_call = 1;
		r[0] = FD_DEV, r[1] = a[0], r[2] = (u32)a[1];
		return oracle_do_syscall(STUB(compat_sys_ioctl), r);
	case OR_READ:
		r[0] = FD_DEV, r[1] = a[0], r[2] = a[1];
		return oracle_do_syscall(STUB(sys_read), r);
	case OR_WRITE:
		r[0] = FD_DEV, r[1] = a[0], r[2] = a[1];
		return oracle_do_syscall(STUB(sys_write), r);
	case OR_LLSEEK:
		r[0] = FD_DEV, r[1] = a[0], r[2] = a[1];
		return oracle_do_syscall(STUB(sys_lseek), r);
	case OR_OPEN:
		strcpy((char *)USER_PATH, DEV_PATH);
		r[0] = USER_PATH, r[1] = O_RDWR, r[2] = 0;
		return oracle_do_syscall(STUB(sys_open), r);
	case OR_RELEASE:
		r[0] = FD_DEV;
		return oracle_do_syscall(STUB(sys_close), r);
	case OR_ATTR_SHOW:
		r[0] = FD_SYSFS, r[1] = USER_BUF(0), r[2] = PAGE_SIZE;
		return oracle_do_syscall(STUB(sys_read), r);
	case OR_ATTR_STORE:
		r[0] = FD_SYSFS, r[1] = a[0], r[2] = arg_len[0];
		return oracle_do_syscall(STUB(sys_write), r);
	}
	return -ENOSYS;
}

void oracle_model_run(const struct oracle_entry *e, const struct oracle_val *args, int nargs,
		      const struct oracle_schedule *s, struct oracle_result *r)
{
	static unsigned long a[6];

	memset(r, 0, sizeof(*r));
	cur = r;
	cur_sched = s;
	ncalls = 0;
	faults_on = 0;
	compat_call = 0;
	oracle_thread_info.addr_limit = USER_DS;
	oracle_thread_info.flags = 0;
	if (sigsetjmp(task_jmp, 1))
		goto ended;

	/* insmod: the module's init, with nothing failing */
	if (&__oracle_module_init && __oracle_module_init) {
		int err = __oracle_module_init();

		if (err) {
			r->end = OE_INIT;
			snprintf(r->where, sizeof(r->where), "module init returned %d", err);
			goto ended;
		}
		if (!segment_eq(get_fs(), USER_DS)) {
			r->end = OE_INIT;
			snprintf(r->where, sizeof(r->where), "module init left the limit raised");
			goto ended;
		}
		oracle_thread_info.flags = 0;
		ntask_work = 0;
	}
	install_fds(e);
	for (int i = 0; i < nargs && i < 6; i++)
		a[i] = materialise(&args[i], i);

	faults_on = 1;
	r->ret = route(e, a);
	faults_on = 0;
	/* user mode again */
	r->end = OE_RETURNED;
	r->ghost_leak = !segment_eq(get_fs(), USER_DS);
ended:
	faults_on = 0;
	for (unsigned long i = 0; i < ORACLE_VICTIM_SIZE; i++) {
		if (((unsigned char *)VICTIM_BASE)[i] != victim_byte(i)) {
			r->kptr_write = 1;
			break;
		}
	}
	cur = NULL;
}
