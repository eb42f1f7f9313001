// SPDX-License-Identifier: GPL-2.0
/*
 * asmlinkage marks a system call by another name, so its pointer
 * parameters are the user's; but a vendor's asmlinkage helper that its own
 * driver calls from C with kernel buffers (MediaTek's TEE socket proxy,
 * tz_recv()) is no system call: receiving into its buffer under KERNEL_DS
 * is the point.  An asmlinkage function nothing in C calls stays one.
 */
struct tz_cmd { int fd; char buf[256]; unsigned int len; };

asmlinkage long tz_recv(int fd, void *ubuf, size_t size, unsigned flags)
{
	long ret;
	mm_segment_t old_fs = get_fs();

	set_fs(get_ds());
	ret = sys_recvfrom(fd, ubuf, size, flags, NULL, NULL);
	set_fs(old_fs);
	return ret;
}

long tz_dispatch(struct tz_cmd *c)
{
	return tz_recv(c->fd, c->buf, c->len, 0);
}

asmlinkage long tz_peek(int fd, void *ubuf, size_t size)
{
	long ret;
	mm_segment_t old_fs = get_fs();

	set_fs(get_ds());
	ret = sys_recvfrom(fd, ubuf, size, 0, NULL, NULL); /* expect: user-ptr-kernel-ds */
	set_fs(old_fs);
	return ret;
}
