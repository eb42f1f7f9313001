// SPDX-License-Identifier: GPL-2.0
/*
 * The model checked against the kernel semantics it claims, before any
 * case is trusted to it: access_ok() against the limit, what the copy
 * routines do on a fault, vfs_read() on a kernel buffer with and without
 * KERNEL_DS, kernel_read(), the integer parsers, fault injection, and
 * that each check form catches a leak (and form 0 does not).  run.sh
 * builds this once per form; it prints nothing and exits 0 when all is
 * well, else one line per failed expectation.
 */
#include "oracle/kernel.h"
#include "model.h"

int printf(const char *fmt, ...);

static int failures;
static char fail_msgs[2048];
static size_t fail_len;

#define EXPECT(cond) do {							\
	if (!(cond)) {								\
		failures++;							\
		if (fail_len < sizeof(fail_msgs) - 100)				\
			fail_len += (size_t)snprintf(fail_msgs + fail_len,	\
				sizeof(fail_msgs) - fail_len, "  line %d: %s\n", __LINE__, #cond); \
	}									\
} while (0)

#define UBUF	((char __user *)(ORACLE_USER_BASE + 0x1000))
#define VICTIM	((char __user *)(ORACLE_KERNEL_BASE + 0x100))

static int saw_fscheck __maybe_unused;

/* Runs as a system call under USER_DS, no faults scheduled. */
SYSCALL_DEFINE0(oracle_selftest)
{
	char kbuf[32], small[4];
	unsigned long ul;
	struct file *fp;
	mm_segment_t old_fs;
	loff_t pos;
	int iv;
	u32 u;
	long n;

	/* the limit and access_ok() */
	EXPECT(segment_eq(get_fs(), USER_DS));
	EXPECT(!uaccess_kernel());
	EXPECT(access_ok(UBUF, 16));
	EXPECT(access_ok(VERIFY_WRITE, UBUF, 16));
	EXPECT(!access_ok(VICTIM, 1));
	EXPECT(!access_ok(kbuf, sizeof(kbuf)));
	EXPECT(!access_ok((void __user *)(TASK_SIZE - 8), 16));

	/* user buffers: copies, faults, zero fill */
	memset(UBUF, 'u', 16);
	memset(kbuf, 'k', sizeof(kbuf));
	EXPECT(copy_from_user(kbuf, UBUF, 16) == 0 && kbuf[15] == 'u');
	memset(kbuf, 'k', sizeof(kbuf));
	EXPECT(copy_from_user(kbuf, VICTIM, 16) == 16 && kbuf[0] == 0 && kbuf[15] == 0);
	EXPECT(copy_from_user(kbuf, (const void __user *)(ORACLE_USER_END - 4), 8) == 8);
	EXPECT(copy_to_user(VICTIM, "x", 1) == 1);
	EXPECT(copy_to_user((void __user *)8, "x", 1) == 1);
	EXPECT(get_user(iv, (int __user *)VICTIM) == -EFAULT && iv == 0);
	EXPECT(put_user(7, (int __user *)UBUF) == 0);
	EXPECT(get_user(iv, (int __user *)UBUF) == 0 && iv == 7);
	EXPECT(__get_user(u, (u32 __user *)VICTIM) == 0);	/* no access_ok(): it reads kernel memory */
	EXPECT(clear_user(UBUF, 4) == 0 && UBUF[0] == 0);
	EXPECT(clear_user(VICTIM, 4) == 4);
	strcpy(UBUF, "hello");
	EXPECT(strncpy_from_user(kbuf, UBUF, sizeof(kbuf)) == 5 && !strcmp(kbuf, "hello"));
	EXPECT(strncpy_from_user(small, UBUF, sizeof(small)) == (long)sizeof(small));
	EXPECT(strncpy_from_user(kbuf, VICTIM, sizeof(kbuf)) == -EFAULT);
	EXPECT(strnlen_user(UBUF, 32) == 6);
	EXPECT(IS_ERR(memdup_user(VICTIM, 8)) && PTR_ERR(memdup_user(VICTIM, 8)) == -EFAULT);

	/* a KERNEL_DS window: kernel pointers pass */
	old_fs = get_fs();
	set_fs(KERNEL_DS);
#ifdef TIF_FSCHECK
	saw_fscheck = test_thread_flag(TIF_FSCHECK);
#endif
	EXPECT(uaccess_kernel());
	EXPECT(access_ok(kbuf, sizeof(kbuf)));
	EXPECT(copy_to_user((void __user *)kbuf, "kernel", 7) == 0 && !strcmp(kbuf, "kernel"));
	set_fs(old_fs);
	EXPECT(segment_eq(get_fs(), USER_DS));

	/* force_uaccess_begin/end inside a window */
	set_fs(KERNEL_DS);
	old_fs = force_uaccess_begin();
	EXPECT(segment_eq(get_fs(), USER_DS) && segment_eq(old_fs, KERNEL_DS));
	force_uaccess_end(old_fs);
	EXPECT(uaccess_kernel());
	set_fs(USER_DS);

	/* files: vfs_read() wants KERNEL_DS for a kernel buffer, kernel_read() raises itself */
	fp = filp_open("/oracle/selftest", O_RDWR | O_CREAT | O_TRUNC, 0600);
	EXPECT(!IS_ERR(fp));
	if (!IS_ERR(fp)) {
		pos = 0;
		EXPECT(vfs_write(fp, (const char __user *)"abcdef", 6, &pos) == -EFAULT);
		EXPECT(kernel_write(fp, "abcdef", 6, &pos) == 6 && pos == 6);
		EXPECT(segment_eq(get_fs(), USER_DS));
		pos = 0;
		EXPECT(vfs_read(fp, (char __user *)kbuf, 6, &pos) == -EFAULT);
		old_fs = get_fs();
		set_fs(KERNEL_DS);
		n = vfs_read(fp, (char __user *)kbuf, sizeof(kbuf), &pos);
		set_fs(old_fs);
		EXPECT(n == 6 && !memcmp(kbuf, "abcdef", 6));
		pos = 0;
		EXPECT(kernel_read(fp, kbuf, 3, &pos) == 3 && segment_eq(get_fs(), USER_DS));
		pos = 0;
		EXPECT(vfs_read(fp, UBUF, 6, &pos) == 6 && !memcmp(UBUF, "abcdef", 6));
		EXPECT(i_size_read(file_inode(fp)) == 6);
		EXPECT(filp_close(fp, NULL) == 0);
	}

	/* the integer parsers */
	EXPECT(kstrtoul("12\n", 10, &ul) == 0 && ul == 12);
	EXPECT(kstrtoul("0x1f", 0, &ul) == 0 && ul == 31);
	EXPECT(kstrtoul("12x", 10, &ul) == -EINVAL);
	EXPECT(kstrtoul("", 10, &ul) == -EINVAL);
	EXPECT(kstrtoul("-1", 10, &ul) == -EINVAL);
	EXPECT(kstrtoint("-5", 10, &iv) == 0 && iv == -5);
	EXPECT(kstrtoint("4294967296", 10, &iv) == -ERANGE);
	EXPECT(kstrtou32("99999999999", 10, &u) == -ERANGE);
	EXPECT(sysfs_streq("on\n", "on") && !sysfs_streq("on", "off"));

	/* memory */
	{
		char *p = kmalloc(16, GFP_KERNEL), *z = kzalloc(16, GFP_KERNEL);

		EXPECT(p && z && !z[15]);
		EXPECT((unsigned long)p >= ORACLE_KERNEL_BASE + ORACLE_VICTIM_SIZE);
		EXPECT(!kmalloc(KMALLOC_MAX_SIZE + 1, GFP_KERNEL));
		kfree(p);
		kfree(z);
		kfree(NULL);
	}
	return failures;
}

/* Leaves KERNEL_DS in force: every check form must catch it. */
SYSCALL_DEFINE0(oracle_selftest_leak)
{
	set_fs(KERNEL_DS);
	return 0;
}

/* Allocates twice: the fault schedule decides which fails. */
SYSCALL_DEFINE0(oracle_selftest_alloc)
{
	void *a = kmalloc(8, GFP_KERNEL), *b = kmalloc(8, GFP_KERNEL);
	long ret = (a ? 0 : 1) | (b ? 0 : 2);

	kfree(a);
	kfree(b);
	return ret;
}

static const struct oracle_entry entries[] = {
	{ "sys_oracle_selftest", OR_SYSCALL, NULL, 0, &__oracle_sc_sys_oracle_selftest, NULL, NULL },
	{ "sys_oracle_selftest_leak", OR_SYSCALL, NULL, 0, &__oracle_sc_sys_oracle_selftest_leak, NULL, NULL },
	{ "sys_oracle_selftest_alloc", OR_SYSCALL, NULL, 0, &__oracle_sc_sys_oracle_selftest_alloc, NULL, NULL },
};
static const char *const strings[] = { "1\n" };
static const size_t string_lens[] = { 2 };
const struct oracle_case oracle_case = { entries, 3, NULL, 0, strings, string_lens, 1, NULL, 0 };

int main(void)
{
	struct oracle_schedule none = { 0 }, second = { 1, { { 2, 1 } } };
	struct oracle_result r;
	char why[128];

	if (oracle_model_boot(&oracle_case, why, sizeof(why))) {
		printf("cannot boot the model: %s\n", why);
		return 1;
	}
	oracle_model_run(&entries[0], NULL, 0, &none, &r);
	EXPECT(r.end == OE_RETURNED && r.ret == 0 && !r.ghost_leak);
	EXPECT(r.kptr_read && !r.kptr_raised && !r.kptr_write);
#ifdef TIF_FSCHECK
	EXPECT(saw_fscheck);
#endif

	oracle_model_run(&entries[1], NULL, 0, &none, &r);
#if ORACLE_FORM == 0
	EXPECT(r.end == OE_RETURNED && r.ghost_leak);
#elif ORACLE_FORM == 1
	EXPECT(r.end == OE_VIOLATION && r.check == OC_WRAPPER);
#else
	EXPECT(r.end == OE_VIOLATION && r.check == OC_EXIT_PATH);
#endif

	oracle_model_run(&entries[2], NULL, 0, &none, &r);
	EXPECT(r.end == OE_RETURNED && r.ret == 0 && r.ncalls == 2 && r.site[1] == OS_KMALLOC);
	oracle_model_run(&entries[2], NULL, 0, &second, &r);
	EXPECT(r.end == OE_RETURNED && r.ret == 2);

	if (failures)
		printf("%d model expectation(s) failed (form %d):\n%s", failures, ORACLE_FORM, fail_msgs);
	return failures != 0;
}
